export * from './async-mutex';
export * from './sql-dialect';
export * from './database';
export * from './migration';
export * from './open-database';
export * from './sqlite-statements';
export * from './backup/sqlite-snapshot';
export * from './backup/postgres-dump';
