// Moved to core/config.ts; this re-export goes once every import says core.
export * from './core/config';
