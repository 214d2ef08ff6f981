/** BullMQ queue names, frozen: a worker and its producers meet only through these. */
export const QUEUES = {} as const;
