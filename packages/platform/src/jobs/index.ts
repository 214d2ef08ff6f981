// `@shm/platform/jobs`: the job and event runtime. Handlers are plain objects declared beside their
// use cases (`{ queue, job, run }`, `{ event, group, run }`), started by `startHandlers`; producers use
// `createProducer` (`enqueue`, `publish`, `schedule`). BullMQ is imported in `bull.ts` only.
export { UnrecoverableError, PENDING_STATES, type JobState, type WaitResult } from './bull';
export { eventHandler, jobHandler, type EventContext, type EventHandler, type Handler, type JobContext, type JobHandler } from './handlers';
export { DEPTH_STATES, type DepthState, type JobOutcome } from './job-metrics';
export { createProducer, type EnqueueOptions, type Producer, type ProducerOptions, type QueueDefaults } from './producer';
export { startHandlers, type StartOptions, type StartedHandlers } from './start';
