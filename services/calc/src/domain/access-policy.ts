import { ErrorCode } from '@shm/contracts';
import { AppError } from '@shm/platform';
import type { AccessGrants, GrantCatchUp, PaymentGateState } from './ports';

/** Who asks for a calculation. */
export interface Caller {
  /** `walletAddress` from the body: kept for compatibility (spec §7), never trusted on its own. */
  claimedWallet: string;
  /** The wallet proven by sign-in, from the gateway's signed identity header. */
  verifiedWallet?: string;
}

/**
 * Decides whether a caller may see calculation results. The payment gate plugs in here;
 * with the gate off everyone may (spec §6: calculations then use the zero address).
 */
export interface AccessPolicy {
  /** Throws an AppError (403 'Payment Required') when the caller may not calculate. */
  assertMayCalculate(caller: Caller): Promise<void>;
}

export const openAccess: AccessPolicy = {
  async assertMayCalculate() {},
};

const paymentRequired = () => new AppError(ErrorCode.PAYMENT_REQUIRED, 403, 'Payment Required');

/**
 * Gate off: open. Gate on: a signed-in wallet is needed, and when `grants` is given, a valid grant
 * for that wallet. Without `grants` (until payments are wired in) a signed-in wallet is enough.
 */
export function gatedAccess(gate: PaymentGateState, grants?: AccessGrants): AccessPolicy {
  return {
    async assertMayCalculate({ verifiedWallet }) {
      if (!gate.isOn()) return;
      if (!verifiedWallet) throw paymentRequired();
      if (grants && !(await grants.hasValidGrant(verifiedWallet))) throw paymentRequired();
    },
  };
}

/**
 * Calc's copy answers first; when it says "not paid", the grant events its consumer has not handled
 * yet are applied for that wallet and the copy is read again, so a payment confirmed a moment ago (or
 * while the consumer was down) is never refused. A "no" is remembered for `negativeTtlMs`, so an
 * unpaid wallet does not turn each calculation into stream reads; a failed read counts as "no"
 * (logged by the caller's `onError`).
 */
export function grantsWithCatchUp(
  copy: AccessGrants,
  events: GrantCatchUp,
  { negativeTtlMs = 2_000, onError = () => {} }: { negativeTtlMs?: number; onError?: (err: unknown) => void } = {},
): AccessGrants {
  const recentlyUnpaid = new Map<string, number>();
  return {
    async hasValidGrant(wallet) {
      if (await copy.hasValidGrant(wallet)) return true;
      if ((recentlyUnpaid.get(wallet) ?? 0) > Date.now()) return false;
      try {
        await events.catchUp(wallet);
        if (await copy.hasValidGrant(wallet)) return true;
      } catch (err) {
        onError(err);
      }
      if (recentlyUnpaid.size > 10_000) recentlyUnpaid.clear();
      recentlyUnpaid.set(wallet, Date.now() + negativeTtlMs);
      return false;
    },
  };
}
