/**
 * Spec §4: a verification that fails with a message containing 'not found' or 'being processed'
 * is retried automatically (after 10 s); any other failure is final for that transaction.
 */
export const isRetryableVerification = (message: string | null | undefined): boolean =>
  !!message && /not found|being processed/i.test(message);

/** Automatic retries stop after this many (about 5 minutes at one every 10 s); the visitor can still verify by hand. */
export const MAX_AUTO_VERIFY_RETRIES = 30;
