// Jest setup for the tiers that talk to real infrastructure: `npm test` may start one set of it
// (Redis, the MongoDB-wire server, the chain, the stand-in) per jest worker and pass their URLs as
// TEST_INFRA_BY_WORKER (a JSON array, worker 1 first). Each test file then sees its own worker's set
// in REDIS_URL, MONGO_URL, … before any module reads them, so two files running at once never share
// a server (ports, data, a chain's blocks and nonces).
const byWorker = process.env.TEST_INFRA_BY_WORKER;
if (byWorker) {
  const sets = JSON.parse(byWorker) as Record<string, string>[];
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  Object.assign(process.env, sets[(worker - 1) % sets.length]);
}

export {};
