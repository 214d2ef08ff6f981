export * from './http';
export * from './routes';
export * from './env';
export * from './logs';
export * from './raw-http';
export * from './metrics';
export * from './metrics-doc';
