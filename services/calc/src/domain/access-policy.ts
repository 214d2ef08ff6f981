import { ErrorCode } from '@shm/contracts';
import { AppError } from '@shm/platform';

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

/** The current value of the paymentGate flag (see gate-flag.ts). */
export interface PaymentGateState {
  isOn(): boolean;
}

/** Whether a signed-in wallet holds a valid access grant (the payments service provides this). */
export interface AccessGrants {
  hasValidGrant(wallet: string): Promise<boolean>;
}

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
