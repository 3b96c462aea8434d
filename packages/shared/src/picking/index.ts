/** Calendar and rule functions of the picking schedules and packhouse capacity. */
export * from './weeks.js';
export * from './windows.js';
export * from './rules.js';
export * from './csv.js';
export * from './picking.js';
export * from './picking-schedules.js';
export * from './picking-capacity.js';
