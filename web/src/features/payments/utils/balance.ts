const WEI_PER_SHM = 10n ** 18n;

/**
 * Wei as SHM with a fixed number of decimals (spec §9: balances show 4), cut rather than rounded
 * so a balance is never shown larger than it is: 99_999_000_000_000_000n → '0.0999'.
 */
export function formatWeiAsShm(wei: bigint, decimals = 4): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const whole = abs / WEI_PER_SHM;
  const scale = 10n ** BigInt(18 - decimals);
  const fraction = (abs % WEI_PER_SHM) / scale;
  const grouped = whole.toLocaleString('en-US');
  const text = decimals > 0 ? `${grouped}.${fraction.toString().padStart(decimals, '0')}` : grouped;
  return negative ? `-${text}` : text;
}

/**
 * Spec §5: payment needs a balance of at least the payment amount. `amount` is the SHM text shown
 * (e.g. '0.1'); when short, `error` is the inline error and `payHint` the text beside the disabled Pay button.
 */
export function checkBalance(balanceWei: bigint, amountWei: bigint, amount: string): { sufficient: boolean; error: string | null; payHint: string | null } {
  if (balanceWei >= amountWei) return { sufficient: true, error: null, payHint: null };
  return {
    sufficient: false,
    error: `Insufficient balance. You need ${amount} SHM but have ${formatWeiAsShm(balanceWei)} SHM`,
    payHint: `Insufficient balance. You need at least ${amount} SHM to proceed.`,
  };
}
