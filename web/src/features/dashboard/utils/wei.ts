import { formatUnits } from 'ethers';

/**
 * Wei (1e-18 SHM, a decimal string as the API sends it) as SHM text, exact to the wei. ethers'
 * formatUnits divides as bigints, so no amount passes through a floating-point number; we only trim
 * its trailing ".0" and group the whole part.
 */
export function weiToShm(wei: string): string {
  const text = formatUnits(BigInt(wei), 18);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/** '2415943040285609963894' → '2,415.943040285609963894 SHM'; '20000000000000000000' → '20 SHM'. */
export function formatWei(wei: string): string {
  const [whole = '0', fraction] = weiToShm(wei).split('.');
  const negative = whole.startsWith('-');
  const grouped = BigInt(negative ? whole.slice(1) : whole).toLocaleString('en-US');
  return `${negative ? '−' : ''}${grouped}${fraction ? `.${fraction}` : ''} SHM`;
}

/** The exact sum of wei amounts, as a wei string. */
export const sumWei = (amounts: readonly string[]): string => amounts.reduce((sum, amount) => sum + BigInt(amount), 0n).toString();

/** The exact difference a − b, as a wei string. */
export const subtractWei = (a: string, b: string): string => (BigInt(a) - BigInt(b)).toString();
