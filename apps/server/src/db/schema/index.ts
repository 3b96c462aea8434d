export * from './identity';
export * from './organization';
export * from './places';
export * from './system';
