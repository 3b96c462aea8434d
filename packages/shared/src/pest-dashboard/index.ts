export * from './pest-dashboard.js';
export * from './figures.js';
export * from './trap-figures.js';
