/** BullMQ queue names, frozen: a worker and its producers meet only through these. */
export const QUEUES = {
  /** Polls the archivers and the price feed; a job scheduler repeats it every NETWORK_POLL_MS. */
  networkPolling: 'network-polling',
  /** Checks a reported payment transaction on chain; retried with backoff while it is not found or not confirmed. */
  paymentVerification: 'payment-verification',
} as const;
