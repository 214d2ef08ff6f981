import { usePayment } from './payment-provider';
import { PaymentSuccess } from './payment-success';
import { SessionBanner } from './session-banner';
import './payments.css';

/** Above the results when paid: the success view right after paying, else the session banner. */
export function PaymentStatusPanel() {
  const { state } = usePayment();
  if (!state.isPaid) return null;
  return state.justPaid ? <PaymentSuccess /> : <SessionBanner />;
}
