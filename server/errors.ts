// Moved to core/errors.ts; this re-export goes once every import says core.
export * from './core/errors';
