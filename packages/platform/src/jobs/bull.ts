// The one module of the repository that imports BullMQ: the job runtime's producer and worker sides
// talk to it only through these few functions, so an upgrade or a swap touches one file.
import { Job, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from '../redis';

export { UnrecoverableError };

/** Where a job stands; `missing` when no job has the id (never added, or removed after it finished). */
export type JobState = 'waiting' | 'prioritized' | 'delayed' | 'active' | 'waiting-children' | 'completed' | 'failed' | 'missing';
/** States of a job that is still to run or running (a retry waiting out its backoff is `delayed`). */
export const PENDING_STATES: ReadonlySet<JobState> = new Set(['waiting', 'prioritized', 'delayed', 'active', 'waiting-children']);

export interface AddOptions {
  jobId?: string;
  delayMs?: number;
  attempts: number;
  /** First retry delay; it doubles for each further attempt, with up to 50 % jitter. */
  backoffMs: number;
  keepCompleted: KeepJobs;
  keepFailed: KeepJobs;
}

/** Finished jobs kept: for `age` seconds, `count` at most (no count: however many). */
export type KeepJobs = { age: number; count?: number } | { count: number };

/** A job as a handler's wrapper sees it. */
export interface RunningJob {
  id: string;
  name: string;
  data: unknown;
  /** 1 for the first run. */
  attempt: number;
  attempts: number;
}

export type WaitResult = { state: 'completed'; value: unknown } | { state: 'failed'; reason: string } | { state: 'timeout' } | { state: 'missing' };

/** The producer side of one queue. Its QueueEvents connection (for waiting on a job) opens on first use. */
export function openQueue(name: string, connection: Redis, prefix: string, onError: (err: Error) => void) {
  const queue = new Queue(name, { connection, prefix });
  queue.on('error', onError);
  let events: Promise<QueueEvents> | undefined;
  // BullMQ closes only the connections it made; this one is ours to close.
  let eventsConnection: Redis | undefined;
  const queueEvents = () =>
    (events ??= (async () => {
      eventsConnection = connection.duplicate({ maxRetriesPerRequest: null });
      const opened = new QueueEvents(name, { connection: eventsConnection, prefix });
      opened.on('error', onError);
      // Each caller waiting on a job listens for its end: a hundred callers on one refresh are normal.
      opened.setMaxListeners(0);
      await opened.waitUntilReady();
      return opened;
    })());
  const stateOf = async (jobId: string): Promise<JobState> => {
    const state = await queue.getJobState(jobId);
    return state === 'unknown' ? 'missing' : state;
  };

  return {
    stateOf,
    async add(jobName: string, data: unknown, { jobId, delayMs, attempts, backoffMs, keepCompleted, keepFailed }: AddOptions): Promise<void> {
      await queue.add(jobName, data, {
        jobId,
        delay: delayMs === undefined ? undefined : Math.max(0, Math.floor(delayMs)),
        attempts,
        backoff: { type: 'exponential', delay: backoffMs, jitter: 0.5 },
        removeOnComplete: keepCompleted,
        removeOnFail: keepFailed,
      });
    },
    /** Removes a finished job so the same id can be added again; false when it is still pending. */
    async removeFinished(jobId: string): Promise<boolean> {
      const job = await Job.fromId(queue, jobId);
      if (!job) return true;
      if (PENDING_STATES.has(await stateOf(jobId))) return false;
      await job.remove();
      return true;
    },
    async waitFor(jobId: string, ms: number): Promise<WaitResult> {
      const job = await Job.fromId(queue, jobId);
      if (!job) return { state: 'missing' };
      try {
        return { state: 'completed', value: await job.waitUntilFinished(await queueEvents(), Math.max(1, Math.floor(ms))) };
      } catch (err) {
        const state = await stateOf(jobId);
        if (PENDING_STATES.has(state)) return { state: 'timeout' };
        return state === 'missing' ? { state: 'missing' } : { state: 'failed', reason: err instanceof Error ? err.message : String(err) };
      }
    },
    async counts<S extends string>(states: readonly S[]): Promise<Record<S, number>> {
      return (await queue.getJobCounts(...(states as readonly string[] as Parameters<typeof queue.getJobCounts>))) as Record<S, number>;
    },
    /** One scheduler per id, shared by every process: it adds `jobName` every `everyMs`. */
    async schedule(schedulerId: string, everyMs: number, jobName: string, data: unknown, keep: Pick<AddOptions, 'keepCompleted' | 'keepFailed'>): Promise<void> {
      await queue.upsertJobScheduler(schedulerId, { every: everyMs }, { name: jobName, data, opts: { removeOnComplete: keep.keepCompleted, removeOnFail: keep.keepFailed } });
    },
    async setGlobalConcurrency(concurrency: number): Promise<void> {
      await queue.setGlobalConcurrency(concurrency);
    },
    async close(): Promise<void> {
      if (events) await (await events).close();
      eventsConnection?.disconnect();
      await queue.close();
    },
  };
}
export type OpenQueue = ReturnType<typeof openQueue>;

export interface WorkerSettings {
  concurrency: number;
  /** A job whose worker stops renewing its lock (it died) is taken over after this long. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** Times a job may be found stalled and run again before it fails for good (BullMQ's default: 1). */
  maxStalledCount?: number;
}

export interface WorkerListeners {
  /** A failed attempt; `final` when no retry follows (an UnrecoverableError, or the last attempt). */
  failed(job: RunningJob | undefined, err: Error, final: boolean): void;
  stalled(jobId: string): void;
  error(err: Error): void;
}

const running = (job: Job): RunningJob => ({
  id: job.id ?? '',
  name: job.name,
  data: job.data,
  attempt: job.attemptsMade + 1,
  attempts: job.opts.attempts ?? 1,
});

/** The consumer side of one queue: runs `process` for each job. */
export function openWorker(name: string, connection: Redis, prefix: string, process: (job: RunningJob) => Promise<unknown>, settings: WorkerSettings, on: WorkerListeners) {
  const worker = new Worker(name, (job) => process(running(job)), {
    connection,
    prefix,
    concurrency: settings.concurrency,
    // BullMQ's own defaults (30 s each) unless given: an undefined would replace them.
    ...(settings.lockDurationMs === undefined ? {} : { lockDuration: settings.lockDurationMs }),
    ...(settings.stalledIntervalMs === undefined ? {} : { stalledInterval: settings.stalledIntervalMs }),
    ...(settings.maxStalledCount === undefined ? {} : { maxStalledCount: settings.maxStalledCount }),
  });
  worker.on('failed', (job, err) => {
    // BullMQ has counted the attempt when it reports it.
    const final = !job || err instanceof UnrecoverableError || err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
    on.failed(job && { ...running(job), attempt: job.attemptsMade }, err, final);
  });
  worker.on('stalled', (jobId) => on.stalled(jobId));
  worker.on('error', (err) => on.error(err));
  return {
    /** Takes no new job and waits for the running ones; `force` abandons them (their locks lapse and another worker takes them over). */
    close: (force = false) => worker.close(force),
  };
}
