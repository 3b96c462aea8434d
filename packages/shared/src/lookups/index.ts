export * from './lookups.js';
