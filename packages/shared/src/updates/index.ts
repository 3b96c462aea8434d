export * from './updates.js';
