export * from './http';
export * from './routes';
