export * from './packhouse-readings.js';
