import { TEST_CHAIN_RPC_URL, TEST_MONGO_URL, TEST_REDIS_URL } from '@shm/platform/testing';

/** Where the test infrastructure is: set by `npm test` (component tier), else the default test ports. */
export const REDIS_URL = TEST_REDIS_URL;
export const MONGO_URL = TEST_MONGO_URL;
export const CHAIN_RPC_URL = TEST_CHAIN_RPC_URL;
export const SECRET = 'payments-component-test-secret';
