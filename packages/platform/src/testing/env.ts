/**
 * Where component tests find the real infrastructure: `npm test` starts it and sets these
 * variables; the fallbacks are the test ports it uses (scripts/lib/processes.ts TEST_PORTS).
 */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:16380';
export const TEST_MONGO_URL = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:17018';
export const TEST_CHAIN_RPC_URL = process.env.CHAIN_RPC_URL ?? 'http://127.0.0.1:18545';
