import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { JOBS, JOB_SCHEMAS, QUEUES, type EventName, type EventPayload, type QueueKey } from '@shm/contracts';
import { consumeEvents } from '../events';
import { isNewerStreamId, newestEvent } from '../latest-event';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { Redis } from '../redis';
import { UnrecoverableError, openWorker, type RunningJob, type WorkerSettings } from './bull';
import { checkHandlers, type AnyEventHandler, type AnyJobHandler, type Handler } from './handlers';
import { jobSeries } from './job-metrics';

export interface StartOptions {
  /** A connection that waits out a Redis restart (`createRedis(url, 'worker')`); workers and consumers duplicate it for their blocking reads. */
  redis: Redis;
  /** Key prefix of the queues (`<REDIS_KEY_PREFIX>bull`), the producers' too; needed only with job handlers. */
  prefix?: string;
  logger: Logger;
  /** Job counts and durations per queue, and each consumer group's lag. */
  metrics?: Metrics;
  handlers: readonly Handler[];
  /** Per queue: jobs run at once (1 by default) and the stalled-job takeover. */
  workers?: Partial<Record<QueueKey, Partial<WorkerSettings>>>;
  /** This process's name in the consumer groups (default host:pid). */
  consumer?: string;
  /** How long one blocking read of the event streams waits (2 s). */
  blockMs?: number;
  /** An event a dead consumer of the group left unacknowledged this long is taken over (30 s). */
  reclaimIdleMs?: number;
  /** How long `stop` waits for running jobs before leaving them to be taken over as stalled (8 s). */
  stopTimeoutMs?: number;
}

export interface StartedHandlers {
  /** Takes no new job or event, lets running jobs finish (up to `stopTimeoutMs`), then closes. */
  stop(): Promise<void>;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Runs one queue's handlers in a BullMQ worker: payload parsed (a bad one is never retried), logged, counted and timed. */
function startQueue(queue: QueueKey, handlers: AnyJobHandler[], options: StartOptions & { prefix: string }) {
  const { redis, prefix, logger, metrics } = options;
  const names: Record<string, string> = JOBS[queue];
  const byName = new Map(handlers.map((handler) => [names[handler.job as string] ?? '', handler]));
  const series = metrics ? jobSeries(metrics, queue, [...byName.keys()]) : undefined;
  const log = logger.child({ queue: QUEUES[queue] });

  const process = async (job: RunningJob) => {
    const handler = byName.get(job.name);
    if (!handler) throw new UnrecoverableError(`no handler for job ${job.name}`);
    const schemas: Record<string, { safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }> = JOB_SCHEMAS[queue];
    const parsed = schemas[handler.job as string]?.safeParse(job.data ?? {});
    if (!parsed?.success) {
      const issues = parsed ? parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(payload)'}: ${issue.message}`).join('; ') : 'no schema';
      throw new UnrecoverableError(`bad payload for job ${job.name}: ${issues}`);
    }
    const started = performance.now();
    const context = { id: job.id, attempt: job.attempt, finalAttempt: job.attempt >= job.attempts, log: log.child({ job: job.name, jobId: job.id }) };
    try {
      const result = await handler.run(parsed.data, context);
      series?.time(job.name, 'completed', (performance.now() - started) / 1000);
      series?.count(job.name, 'completed');
      context.log.debug({ attempt: job.attempt }, 'job completed');
      return result;
    } catch (err) {
      series?.time(job.name, 'failed', (performance.now() - started) / 1000);
      throw err;
    }
  };

  const settings = { concurrency: 1, ...options.workers?.[queue] };
  return openWorker(QUEUES[queue], redis, prefix, process, settings, {
    failed(job, err, final) {
      if (job) series?.count(job.name, final ? 'failed' : 'retried');
      const fields = { job: job?.name, jobId: job?.id, attempt: job?.attempt, reason: err.message };
      if (!final) return log.info(fields, 'job attempt failed; retried after its backoff');
      log.warn(fields, 'job failed for good');
      const handler = job && byName.get(job.name);
      if (!job || !handler?.failed) return;
      const schemas: Record<string, { safeParse(data: unknown): { success: boolean; data?: unknown } }> = JOB_SCHEMAS[queue];
      const parsed = schemas[handler.job as string]?.safeParse(job.data ?? {});
      if (!parsed?.success) return;
      handler.failed(parsed.data, err.message).catch((hookErr: unknown) => log.warn({ ...fields, err: messageOf(hookErr) }, 'the failed-job hook threw'));
    },
    stalled(jobId) {
      // Which job it was is not known here; one queue's jobs share the series of its first job name.
      series?.count([...byName.keys()][0] ?? '', 'stalled');
      log.warn({ jobId }, 'job found stalled (its worker stopped mid-job); run again');
    },
    error(err) {
      log.warn({ err: err.message }, 'job worker error');
    },
  });
}

/** Consumes one group's events; `latest` handlers first take the newest kept event and skip anything older. */
async function startGroup(group: string, handlers: AnyEventHandler[], options: StartOptions) {
  const { redis, logger } = options;
  const log = logger.child({ group });
  const newest = new Map<EventName, string>();
  for (const handler of handlers.filter((h) => h.latest)) {
    const found = await newestEvent(redis, handler.event);
    if (!found) continue;
    newest.set(handler.event, found.id);
    await handler.run(found.payload, { id: found.id, log: log.child({ event: handler.event, id: found.id }) });
  }
  // consumeEvents has parsed the payload by the event's schema.
  const run = (handler: AnyEventHandler) => async (payload: EventPayload<EventName>, id: string) => {
    const event = handler.event;
    if (handler.latest) {
      if (!isNewerStreamId(id, newest.get(event))) return;
      newest.set(event, id);
    }
    await handler.run(payload, { id, log: log.child({ event, id }) });
  };
  return consumeEvents(redis, {
    group,
    consumer: options.consumer ?? `${hostname()}:${process.pid}`,
    logger: log,
    blockMs: options.blockMs,
    reclaimIdleMs: options.reclaimIdleMs,
    metrics: options.metrics,
    handlers: Object.fromEntries(handlers.map((handler) => [handler.event, run(handler)])),
  });
}

/**
 * Starts every job and event handler of a process: the registry check first (nothing starts when a
 * queue, job or event is not registered, or a queue's jobs are not all handled), then one consumer
 * per event group and one worker per queue. Compose calls `stop()` from its `close()`, which
 * runService runs on SIGTERM after the HTTP drain.
 */
export async function startHandlers(options: StartOptions): Promise<StartedHandlers> {
  const { jobs, groups } = checkHandlers(options.handlers);
  const { prefix } = options;
  if (jobs.size > 0 && !prefix) throw new Error('startHandlers: job handlers need the queues\' key prefix (`prefix`)');
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    await Promise.all(stops.map((stop) => stop().catch((err: unknown) => options.logger.warn({ err: messageOf(err) }, 'a job or event handler did not stop cleanly'))));
  };
  try {
    for (const [group, handlers] of groups) {
      const consumer = await startGroup(group, handlers, options);
      stops.push(() => consumer.stop());
    }
    for (const [queue, handlers] of jobs) {
      const worker = startQueue(queue, handlers, { ...options, prefix: prefix ?? '' });
      stops.push(async () => {
        const closing = worker.close();
        const finished = await Promise.race([closing.then(() => true), sleep(options.stopTimeoutMs ?? 8_000).then(() => false)]);
        if (finished) return;
        options.logger.warn({ queue: QUEUES[queue] }, 'jobs still running at shutdown are left to be taken over as stalled');
        await worker.close(true);
      });
    }
  } catch (err) {
    await stopAll();
    throw err;
  }
  return { stop: stopAll };
}
