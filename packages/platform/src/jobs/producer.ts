import { JOBS, JOB_SCHEMAS, type EventName, type EventPayload, type JobKey, type JobPayload, type QueueKey, QUEUES } from '@shm/contracts';
import { publishEvent } from '../events';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { Redis } from '../redis';
import { PENDING_STATES, openQueue, type AddOptions, type JobState, type KeepJobs, type OpenQueue, type WaitResult } from './bull';
import { DEPTH_STATES, exportDepth } from './job-metrics';

/** How a queue's jobs are added unless `enqueue` says otherwise. */
export interface QueueDefaults {
  /** Runs of a job at most (1: no retry). */
  attempts?: number;
  /** First retry delay; doubling, with up to 50 % jitter. */
  backoffMs?: number;
  keepCompleted?: KeepJobs;
  keepFailed?: KeepJobs;
  /** Jobs of the queue running at once over every worker (BullMQ's global concurrency). */
  globalConcurrency?: number;
  /** Exports `<queue>_queue_depth{state}` from this process. */
  depthMetric?: boolean;
}

export interface EnqueueOptions {
  /** The same id twice is one job while it is pending (ids may contain neither `:` nor only digits). */
  jobId?: string;
  /** With `jobId`: a finished job of that id is removed and the job added afresh (else the add is a no-op). */
  again?: boolean;
  delayMs?: number;
  attempts?: number;
  backoffMs?: number;
}

const DAY_S = 24 * 3600;
const BASE: Required<Omit<QueueDefaults, 'globalConcurrency' | 'depthMetric'>> = {
  attempts: 3,
  backoffMs: 1000,
  keepCompleted: { age: DAY_S, count: 1000 },
  keepFailed: { age: 7 * DAY_S, count: 5000 },
};

export interface ProducerOptions {
  /** A fail-fast connection (`createRedis(url, 'client')`): a request path gets an error rather than a hang. */
  redis: Redis;
  /** Key prefix of the queues (`<REDIS_KEY_PREFIX>bull`). */
  prefix: string;
  logger: Logger;
  metrics?: Metrics;
  queues?: Partial<Record<QueueKey, QueueDefaults>>;
}

/**
 * The producer side of the runtime: typed `enqueue` and `publish`, job schedules, and a job's state
 * or result. Queues open on first use; `close` closes what was opened.
 */
export function createProducer({ redis, prefix, logger, metrics, queues = {} }: ProducerOptions) {
  const opened = new Map<QueueKey, Promise<OpenQueue>>();
  const settings = (queue: QueueKey) => ({ ...BASE, ...queues[queue] });
  const queueOf = (queue: QueueKey) => {
    let found = opened.get(queue);
    if (!found) {
      found = (async () => {
        const open = openQueue(QUEUES[queue], redis, prefix, (err) => logger.warn({ err: err.message, queue: QUEUES[queue] }, 'job queue error'));
        const { globalConcurrency } = settings(queue);
        if (globalConcurrency !== undefined) await open.setGlobalConcurrency(globalConcurrency);
        return open;
      })();
      opened.set(queue, found);
    }
    return found;
  };
  for (const [queue, defaults] of Object.entries(queues) as [QueueKey, QueueDefaults][]) {
    if (defaults.depthMetric && metrics) exportDepth(metrics, queue, async () => (await queueOf(queue)).counts(DEPTH_STATES));
  }

  return {
    /**
     * Adds a job after checking its payload against the job's schema (a bad one throws here, at the
     * producer). Returns the job's state after the add: `waiting`/`delayed` when it will run, else
     * what the job of that id is doing.
     */
    async enqueue<Q extends QueueKey, J extends JobKey<Q>>(queue: Q, job: J, payload: JobPayload<Q, J>, options: EnqueueOptions = {}): Promise<JobState> {
      const schema = JOB_SCHEMAS[queue][job] as { parse(data: unknown): unknown };
      const data = schema.parse(payload);
      const open = await queueOf(queue);
      const { jobId, again, delayMs } = options;
      if (jobId && again && !(await open.removeFinished(jobId))) return open.stateOf(jobId);
      const { attempts, backoffMs, keepCompleted, keepFailed } = settings(queue);
      const add: AddOptions = { jobId, delayMs, attempts: options.attempts ?? attempts, backoffMs: options.backoffMs ?? backoffMs, keepCompleted, keepFailed };
      const names: Record<string, string> = JOBS[queue];
      await open.add(names[job] ?? job, data, add);
      return jobId ? open.stateOf(jobId) : 'waiting';
    },
    /** Appends an event after checking it against its contract; returns its stream id. */
    publish<N extends EventName>(event: N, payload: EventPayload<N>): Promise<string> {
      return publishEvent(redis, event, payload);
    },
    /** Adds `job` every `everyMs` (one scheduler per job, shared by every process: upserting it again changes nothing else). */
    async schedule<Q extends QueueKey, J extends JobKey<Q>>(queue: Q, job: J, everyMs: number, payload: JobPayload<Q, J>): Promise<void> {
      const schema = JOB_SCHEMAS[queue][job] as { parse(data: unknown): unknown };
      const names: Record<string, string> = JOBS[queue];
      const name = names[job] ?? job;
      await (await queueOf(queue)).schedule(name, everyMs, name, schema.parse(payload), settings(queue));
    },
    async state(queue: QueueKey, jobId: string): Promise<JobState> {
      return (await queueOf(queue)).stateOf(jobId);
    },
    /** True while the job waits, runs or waits out a retry. */
    async isPending(queue: QueueKey, jobId: string): Promise<boolean> {
      return PENDING_STATES.has(await (await queueOf(queue)).stateOf(jobId));
    },
    /** The queue's jobs in each of `states`, over every worker (0 for a state with none). */
    async counts<S extends JobState>(queue: QueueKey, states: readonly S[]): Promise<Record<S, number>> {
      return (await queueOf(queue)).counts(states);
    },
    /** Waits up to `ms` for the job to finish: its result, its final error, `timeout` or `missing`. */
    async result(queue: QueueKey, jobId: string, ms: number): Promise<WaitResult> {
      return (await queueOf(queue)).waitFor(jobId, ms);
    },
    async close(): Promise<void> {
      for (const open of opened.values()) await (await open).close();
      opened.clear();
    },
  };
}
export type Producer = ReturnType<typeof createProducer>;
