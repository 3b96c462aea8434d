export * from './attendance.js';
