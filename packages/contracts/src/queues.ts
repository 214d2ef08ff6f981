/** BullMQ queue names, frozen: a worker and its producers meet only through these. */
export const QUEUES = {
  /** Polls the archivers and the price feed; a job scheduler repeats it every NETWORK_POLL_MS. */
  networkPolling: 'network-polling',
  /** Checks a reported payment transaction on chain; retried with backoff while it is not found or not confirmed. */
  paymentVerification: 'payment-verification',
  /** The payments reorg guard's rounds: a job scheduler adds one every RECONCILE_INTERVAL_MS, shared by every worker replica. */
  paymentReconciliation: 'payment-reconciliation',
  /** Follows every node through the cycles the poll stored: one job per newest cycle (jobId `track-<counter>`: BullMQ refuses a custom id with one `:`), over all nodes at once. */
  nodeTracking: 'node-tracking',
  /** Sends one alert to one destination (jobId = the delivery's idempotency key); retried with backoff, dead-lettered after the last attempt. */
  alertDelivery: 'alert-delivery',
  /** Reads a watched node's money route after an incident the chain may penalise, on a schedule (jobId `penalty-check_<change id>_<step>`); a penalty found is told once per destination. */
  alertPenaltyCheck: 'alert-penalty-check',
} as const;

export type QueueKey = keyof typeof QUEUES;

/**
 * The job registry: the names of the jobs each queue carries, frozen like the queues'. Producers add
 * jobs under these names only, and a worker handles exactly the ones of its queue (checkWorkerJobs).
 */
export const JOBS = {
  networkPolling: { pollNetwork: 'poll-network', pollPrice: 'poll-price' },
  paymentVerification: { verifyPayment: 'verify-payment' },
  paymentReconciliation: { reconcileGrants: 'reconcile-grants' },
  nodeTracking: { trackNodes: 'track-nodes' },
  alertDelivery: { deliverAlert: 'deliver-alert' },
  alertPenaltyCheck: { checkPenalty: 'check-penalty' },
} as const satisfies Record<QueueKey, Record<string, string>>;

/** A job name registered on `Queue`. */
export type JobName<Queue extends QueueKey> = (typeof JOBS)[Queue][keyof (typeof JOBS)[Queue]];

/**
 * Run by every worker before it starts: the job names it has handlers for must be exactly those the
 * registry lists for its queue, once each. A job it would handle that no producer may add (a typo, a
 * rename on one side), or a registered job it would leave unhandled, throws an error naming the job,
 * so the process refuses to start instead of failing jobs in the queue.
 */
export function checkWorkerJobs(queue: QueueKey, handled: readonly string[]): void {
  const registered: readonly string[] = Object.values(JOBS[queue]);
  const seen = new Set<string>();
  for (const name of handled) {
    if (!registered.includes(name)) {
      throw new Error(`The ${QUEUES[queue]} worker has a handler for job "${name}", which is not registered on that queue (JOBS in @shm/contracts)`);
    }
    if (seen.has(name)) throw new Error(`The ${QUEUES[queue]} worker has two handlers for job "${name}"`);
    seen.add(name);
  }
  for (const name of registered) {
    if (!seen.has(name)) throw new Error(`The ${QUEUES[queue]} worker has no handler for job "${name}", registered on that queue (JOBS in @shm/contracts)`);
  }
}

/**
 * The job id of an alert delivery: its id with ':' spelled '_' (BullMQ refuses custom ids with ':' in
 * them, and change ids are `<cycle>:<key>:<kind>` or `<cycle>:<key>:left-<state>`). Ids are hex, digits, '-' and ':', so this is
 * one-to-one: the producer names a job by it and the worker reads the delivery back from it.
 */
export const alertDeliveryJobId = (deliveryId: string) => deliveryId.replaceAll(':', '_');
export const deliveryIdOfAlertJob = (jobId: string) => jobId.replaceAll('_', ':');
