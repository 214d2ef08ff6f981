/**
 * Decides whether a wallet may see calculation results. The payment gate plugs in here;
 * until it is on, everyone may (spec §6: with the gate off, calculations use the zero address).
 */
export interface AccessPolicy {
  /** Throws an AppError (403 'Payment Required') when the wallet may not calculate. */
  assertMayCalculate(walletAddress: string): Promise<void>;
}

export const openAccess: AccessPolicy = {
  async assertMayCalculate() {},
};
