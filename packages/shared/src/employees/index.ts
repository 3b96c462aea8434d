export * from './employees.js';
