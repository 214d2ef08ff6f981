/** Where the test infrastructure is: set by `npm test` (component tier), else the default test ports. */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:16380';
export const MONGO_URL = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:37018';
export const CHAIN_RPC_URL = process.env.CHAIN_RPC_URL ?? 'http://127.0.0.1:18545';
export const SECRET = 'payments-component-test-secret';
