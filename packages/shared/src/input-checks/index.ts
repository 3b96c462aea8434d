export * from './figures.js';
export * from './input-checks.js';
