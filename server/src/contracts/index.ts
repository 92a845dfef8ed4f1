export * from './users';
export * from './profile';
export * from './auth';
export * from './audit';
export * from './socket-events';
export * from './jobs';
export * from './outbox';
export * from './processes';
