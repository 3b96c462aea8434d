export * from './pest-thresholds.js';
