// `@shm/platform/redis`: the Redis connection and what runs on it (event streams, their lag, the
// latest event, locks). A separate entry so that loading `@shm/platform` loads no Redis client.
export * from './redis';
export * from './events';
export * from './event-lag';
export * from './latest-event';
export * from './redis-lock';
