import { z } from 'zod';
import { FeatureFlagsSchema } from './http/flags';

/**
 * Events are facts, kept in Redis Streams (one stream per event, `events:<name>`) and consumed by
 * consumer groups. Names are frozen: never rename one; add a new event instead.
 */
export const EVENT_SCHEMAS = {
  'flags.changed': z.object({
    flags: FeatureFlagsSchema,
    at: z.iso.datetime(),
  }),
} as const;

export type EventName = keyof typeof EVENT_SCHEMAS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENT_SCHEMAS)[N]>;

export const eventStream = (name: EventName) => `events:${name}`;
