import { z } from 'zod';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export const WalletAddressSchema = z
  .string({ error: 'Must be a wallet address' })
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Must be a 0x-prefixed 40-hex-digit wallet address' });

/** Every number the calculator accepts must be finite and below this, so no result can overflow. */
export const MAX_INPUT = 1e15;

/** Smallest positive amount accepted (finer than any price or stake the form can express); keeps ratios finite. */
export const MIN_POSITIVE_INPUT = 1e-9;

export const numberAtLeast = (min: number, message: string) =>
  z
    .number({ error: 'Must be a number' })
    .min(min, { error: message })
    .max(MAX_INPUT, { error: `Must be at most ${MAX_INPUT}` })
    .refine((v) => v === 0 || Math.abs(v) >= MIN_POSITIVE_INPUT, {
      error: `Must be 0 or at least ${MIN_POSITIVE_INPUT.toFixed(9)}`,
    })
    // The refinement in the published JSON Schema too (OpenAPI), so the document accepts what the server does.
    .meta({ not: { exclusiveMinimum: 0, exclusiveMaximum: MIN_POSITIVE_INPUT } });

export const wholeNumberAtLeast = (min: number, message: string) =>
  numberAtLeast(min, message).int({ error: 'Must be a whole number' });

export const atLeastZero = () => numberAtLeast(0, 'Must be at least 0');

/**
 * Header through which the gateway tells a service who the caller is. The gateway strips it from
 * every incoming request, so a client can never supply it.
 */
export const IDENTITY_HEADER = 'x-shm-identity';
