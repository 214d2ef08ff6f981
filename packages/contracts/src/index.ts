export * from './errors';
export * from './events';
export * from './queues';
export * from './http/common';
export * from './http/calc';
export * from './http/flags';
export * from './defaults';
export * from './api';
