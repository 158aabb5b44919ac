export * from './async-mutex';
export * from './sql-dialect';
export * from './database';
export * from './migration';
export * from './open-database';
export * from './wal-checkpointer';
export * from './sqlite-statements';
export * from './wal-checkpoint-thread';
