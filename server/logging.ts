// Moved to core/logging.ts; this re-export goes once every import says core.
export * from './core/logging';
