// A process that takes a Redis lock and works on forever, so a test can kill it while it holds the
// lock (redis-lock.component.test.ts). REDIS_URL, LOCK_KEY and LOCK_LEASE_MS come from the environment.
import { createRedis } from '../../src/redis';
import { withRedisLock } from '../../src/redis-lock';

const { REDIS_URL, LOCK_KEY } = process.env;
if (!REDIS_URL || !LOCK_KEY) throw new Error('the lock holder needs REDIS_URL and LOCK_KEY');
const redis = createRedis(REDIS_URL, 'client');
void withRedisLock(
  redis,
  LOCK_KEY,
  async () => {
    process.stdout.write('held\n');
    await new Promise(() => {});
  },
  { leaseMs: Number(process.env.LOCK_LEASE_MS), waitMs: 5000 },
);
