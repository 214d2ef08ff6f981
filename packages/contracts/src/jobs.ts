import { z } from 'zod';
import type { JOBS, QueueKey } from './queues';
import { TransactionHashSchema } from './payments/schemas';
import { NodeChangeSchema } from './network/node-schemas';

const wallet = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/**
 * The payload of every registered job (queue key → job key → schema), so producers and handlers are
 * typed by one shape and the job runtime (`@shm/platform/jobs`) refuses a job whose payload does not
 * parse, without retrying it. A new job gets its name in `JOBS` and its schema here.
 */
export const JOB_SCHEMAS = {
  networkPolling: {
    /** A scheduled poll carries nothing; a refresh names itself so its result can be waited for. */
    pollNetwork: z.object({ reason: z.literal('refresh').optional() }),
    pollPrice: z.object({}),
  },
  paymentVerification: {
    verifyPayment: z.object({ sessionId: z.string().min(1), txHash: TransactionHashSchema, wallet }),
  },
  paymentReconciliation: {
    /** One reorg-guard round over the unsettled grants (docs/payments.md, "Reorgs"). */
    reconcileGrants: z.object({}),
  },
  nodeTracking: {
    trackNodes: z.object({ newestCycle: z.number().int() }),
  },
  alertDelivery: {
    deliverAlert: z.object({ deliveryId: z.string().min(1), wallet: z.string().min(1) }),
  },
  alertPenaltyCheck: {
    /** The incident a penalty may follow (docs/alerts.md, "Penalties") and which check of the schedule this is (0 the first). */
    checkPenalty: z.object({ incident: NodeChangeSchema, step: z.number().int().nonnegative() }),
  },
} as const satisfies { [Q in QueueKey]: { [J in keyof (typeof JOBS)[Q]]: z.ZodType } };

/** A job's key on its queue (`verifyPayment`), as JOBS and JOB_SCHEMAS name it. */
export type JobKey<Q extends QueueKey> = keyof (typeof JOB_SCHEMAS)[Q] & string;
/** What a producer passes for one job, and what its handler is given (parsed). */
export type JobPayload<Q extends QueueKey, J extends JobKey<Q>> = z.infer<(typeof JOB_SCHEMAS)[Q][J] & z.ZodType>;
