import { EVENT_SCHEMAS, JOBS, QUEUES, checkWorkerJobs, type EventName, type EventPayload, type JobKey, type JobPayload, type QueueKey } from '@shm/contracts';
import type { Logger } from '../logger';

/** What a job handler is told besides its payload. */
export interface JobContext {
  /** The job's id (a producer's `jobId`, or BullMQ's own). */
  id: string;
  /** 1 for the first run. */
  attempt: number;
  /** True when a failure now is not retried: the handler may then record a final outcome. */
  finalAttempt: boolean;
  /** The runtime's logger with the queue, job and id on every line. */
  log: Logger;
}

/**
 * One job's handler, declared beside its use case: `{ queue, job, run }`. `run` gets the payload parsed
 * by the job's schema (JOB_SCHEMAS); what it returns is the job's result (a producer may wait for it).
 * Throwing retries the job with its backoff; throwing `UnrecoverableError` ends it at once.
 */
export interface JobHandler<Q extends QueueKey = QueueKey, J extends JobKey<Q> = JobKey<Q>> {
  queue: Q;
  job: J;
  run(payload: JobPayload<Q, J>, context: JobContext): Promise<unknown>;
  /**
   * Called once the job has failed for good (its last attempt threw, an UnrecoverableError, or BullMQ
   * gave it up after its workers kept dying under it, when no attempt of `run` was the last): to
   * record a final outcome. Runs in the process whose worker saw the failure; must be idempotent.
   */
  failed?(payload: JobPayload<Q, J>, reason: string): Promise<void>;
}

/** What an event handler is told besides its payload. */
export interface EventContext {
  /** The stream entry id (`<ms>-<seq>`): ids grow with time. */
  id: string;
  log: Logger;
}

/**
 * One event's handler: `{ event, group, run }`. Every consumer group sees every event once; the
 * consumers of a group share the work. An event failing 5 times goes to the dead-letter stream.
 * `latest: true` is for events each of which is the whole truth (`flags.changed`): the newest kept
 * one is handled before the start returns, and an event older than one handled is skipped.
 * Handlers must be idempotent (a consumer that dies mid-event leaves it to another).
 */
export interface EventHandler<N extends EventName = EventName> {
  event: N;
  group: string;
  latest?: boolean;
  run(payload: EventPayload<N>, context: EventContext): Promise<void> | void;
}

/** Typing helpers: a plain object works too, these only infer the payload's type for `run`. */
// NoInfer: a list's element type (Handler) must not decide the queue or event, the object's own keys do.
export const jobHandler = <Q extends QueueKey, J extends JobKey<Q>>(handler: JobHandler<Q, J>): JobHandler<NoInfer<Q>, NoInfer<J>> => handler;
export const eventHandler = <N extends EventName>(handler: EventHandler<N>): EventHandler<NoInfer<N>> => handler;

// Handler lists mix queues and events; each element is checked against the registry at start.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobHandler = JobHandler<any, any>;
/** `run` is a method, so a handler of one event is one of any event (its parameter is checked bivariantly). */
export type AnyEventHandler = EventHandler;
export type Handler = AnyJobHandler | AnyEventHandler;

export const isJobHandler = (handler: Handler): handler is AnyJobHandler => 'queue' in handler;

/**
 * The registry check run before anything starts: every queue, job and event named must be registered
 * (QUEUES, JOBS, EVENT_SCHEMAS in @shm/contracts), a queue handled at all must have a handler for each
 * of its jobs and one only (checkWorkerJobs), and a group handles an event once. Throws naming what is wrong.
 */
export function checkHandlers(handlers: readonly Handler[]): { jobs: Map<QueueKey, AnyJobHandler[]>; groups: Map<string, AnyEventHandler[]> } {
  const jobs = new Map<QueueKey, AnyJobHandler[]>();
  const groups = new Map<string, AnyEventHandler[]>();
  for (const handler of handlers) {
    if (isJobHandler(handler)) {
      const queue = handler.queue as string;
      if (!Object.hasOwn(QUEUES, queue)) throw new Error(`A job handler names queue "${queue}", which is not registered (QUEUES in @shm/contracts)`);
      const registered: Record<string, string> = JOBS[handler.queue as QueueKey];
      if (!Object.hasOwn(registered, handler.job as string)) {
        throw new Error(`A job handler names job "${String(handler.job)}", which is not registered on queue ${QUEUES[handler.queue as QueueKey]} (JOBS in @shm/contracts)`);
      }
      jobs.set(handler.queue as QueueKey, [...(jobs.get(handler.queue as QueueKey) ?? []), handler]);
    } else {
      const event = handler.event as string;
      if (!Object.hasOwn(EVENT_SCHEMAS, event)) throw new Error(`An event handler names event "${event}", which is not registered (EVENT_SCHEMAS in @shm/contracts)`);
      if (!handler.group) throw new Error(`The handler of event "${event}" names no consumer group`);
      const same = groups.get(handler.group) ?? [];
      if (same.some((other) => other.event === handler.event)) throw new Error(`Group "${handler.group}" has two handlers for event "${event}"`);
      groups.set(handler.group, [...same, handler]);
    }
  }
  for (const [queue, list] of jobs) {
    const names: Record<string, string> = JOBS[queue];
    checkWorkerJobs(queue, list.map((handler) => names[handler.job as string] ?? ''));
  }
  return { jobs, groups };
}
