export * from './errors';
export * from './http/common';
export * from './http/calc';
export * from './defaults';
export * from './api';
