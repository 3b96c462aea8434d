export * from './farm-operations.js';
