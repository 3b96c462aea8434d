export * from './field-capture.js';
export * from './scouting.js';
export * from './traps.js';
export * from './irrigation.js';
export * from './phenology.js';
export * from './field-import.js';
