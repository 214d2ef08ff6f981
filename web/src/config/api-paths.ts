/**
 * The payment client's paths, until it calls through `callApi` with the route objects of
 * @shm/contracts like the rest of the SPA (its rewrite converts them; this file goes then).
 * Relative paths; the web server (or the vite dev proxy) forwards /api to the gateway.
 */
export const API_PATHS = {
  authNonce: '/api/auth/nonce',
  authVerify: '/api/auth/verify',
  authSession: '/api/auth/session',
  authLogout: '/api/auth/logout',
  walletConnectConfig: '/api/walletconnect-config',
  walletRegister: '/api/wallet/register',
  paymentInitiate: '/api/payment/initiate',
  paymentSubmitted: '/api/payment/submitted',
  paymentEvents: '/api/payment/events',
  verifyPayment: '/api/verify-payment',
  walletSessionInfo: (address: string) => `/api/wallet/${address}/session-info`,
  paymentSession: (sessionId: string) => `/api/session/${encodeURIComponent(sessionId)}`,
  checkPaymentStatus: (address: string) => `/api/check-payment-status/${address}`,
} as const;
