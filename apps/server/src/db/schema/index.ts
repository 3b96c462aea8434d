export * from './identity';
export * from './organization';
export * from './places';
export * from './system';
export * from './settings';
export * from './harvest';
export * from './picking';
export * from './people';
