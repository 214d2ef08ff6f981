import type { CalculatorParams } from '@shm/contracts';
import { formatPrice, formatUsd } from '../../../lib/format';

/** A name the visitor can keep or change: what was calculated, and when (local time, to the minute). */
export function suggestScenarioName(params: Pick<CalculatorParams, 'investmentAmount' | 'shmPrice'>, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
  return `${formatUsd(params.investmentAmount)} at ${formatPrice(params.shmPrice)}, ${when}`;
}
