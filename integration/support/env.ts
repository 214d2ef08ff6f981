import { randomUUID } from 'node:crypto';
import { TEST_CHAIN_RPC_URL, TEST_MONGO_URL, TEST_REDIS_URL } from '@shm/platform/testing';

/** The component tier's infrastructure (set by `npm test`), else the default test ports. */
export const REDIS_URL = TEST_REDIS_URL;
export const MONGO_URL = TEST_MONGO_URL;
export const CHAIN_RPC_URL = TEST_CHAIN_RPC_URL;
/** The identity secret every service composed here shares, as the gateway's and the services' do. */
export const SECRET = 'integration-test-internal-secret';

/** A short id that keeps one test's keys, groups and databases apart from another's. */
export const testId = () => randomUUID().slice(0, 8);
