import type { Delivery } from '@shm/contracts';
import type { BadgeSeverity } from './node-state';

export interface DeliveryLook {
  /** The badge's word. */
  label: string;
  severity: BadgeSeverity;
  icon: string;
  /** The sentence beside it: attempts and the last error. */
  detail: string;
}

const attempts = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'attempt' : 'attempts'}`;

/**
 * A delivery's status as the Alerts tab says it: Delivered, Pending, "Retrying (2 attempts, last
 * error: HTTP 500)", "Failed after 5 attempts" for a dead-lettered one (with its last error).
 */
export function describeDelivery({ status, attempts: attemptCount, lastError }: Pick<Delivery, 'status' | 'attempts' | 'lastError'>): DeliveryLook {
  switch (status) {
    case 'delivered':
      return { label: 'Delivered', severity: 'success', icon: 'pi pi-check', detail: `Delivered after ${attempts(attemptCount)}` };
    case 'pending':
      return { label: 'Pending', severity: 'secondary', icon: 'pi pi-hourglass', detail: 'Waiting to be sent' };
    case 'retrying':
      return {
        label: 'Retrying',
        severity: 'warning',
        icon: 'pi pi-replay',
        detail: `Retrying (${attempts(attemptCount)}${lastError ? `, last error: ${lastError}` : ''})`,
      };
    case 'dead':
      return { label: 'Failed', severity: 'danger', icon: 'pi pi-times', detail: `Failed after ${attempts(attemptCount)}${lastError ? `: ${lastError}` : ''}` };
  }
}
