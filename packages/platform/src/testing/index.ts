export * from './http';
export * from './routes';
export * from './env';
