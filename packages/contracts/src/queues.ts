/** BullMQ queue names, frozen: a worker and its producers meet only through these. */
export const QUEUES = {
  /** Polls the archivers and the price feed; a job scheduler repeats it every NETWORK_POLL_MS. */
  networkPolling: 'network-polling',
  /** Checks a reported payment transaction on chain; retried with backoff while it is not found or not confirmed. */
  paymentVerification: 'payment-verification',
  /** Follows every node through the cycles the poll stored: one job per newest cycle (jobId `track-<counter>`: BullMQ refuses a custom id with one `:`), over all nodes at once. */
  nodeTracking: 'node-tracking',
  /** Sends one alert to one destination (jobId = the delivery's idempotency key); retried with backoff, dead-lettered after the last attempt. */
  alertDelivery: 'alert-delivery',
} as const;
