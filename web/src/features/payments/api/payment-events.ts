import { PAYMENT_STATUS_EVENT, PaymentStatusSchema, type PaymentStatus } from '@shm/contracts';
import { API_PATHS } from '../../../config/api-paths';

/**
 * Follows GET /api/payment/events (server-sent events named `payment-status`), so a confirmation
 * arrives without polling. EventSource reconnects by itself (the server asks for 3 s); a stream the
 * server refuses (e.g. 401, no session) is closed for good. Returns the unsubscribe function.
 */
export function subscribePaymentEvents(onStatus: (status: PaymentStatus) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(API_PATHS.paymentEvents, { withCredentials: true });
  const onMessage = (event: MessageEvent<string>) => {
    try {
      const parsed = PaymentStatusSchema.safeParse(JSON.parse(event.data));
      if (parsed.success) onStatus(parsed.data);
    } catch {
      // A malformed event is skipped; the next one carries the whole status again.
    }
  };
  source.addEventListener(PAYMENT_STATUS_EVENT, onMessage as EventListener);
  return () => {
    source.removeEventListener(PAYMENT_STATUS_EVENT, onMessage as EventListener);
    source.close();
  };
}
