export * from './partition-of';
export * from './assignment';
