/**
 * `@shm/platform/edge`: what only the processes in front of the services load (the gateway and the
 * web entry): the proxy, its socket gate, load shedding and the client address.
 */
export * from './proxy';
export * from './upstream-gate';
export * from './in-flight-limit';
export * from './client-address';
