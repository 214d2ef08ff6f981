import { paymentContract, type WalletConnectConfigReply } from '@shm/contracts';
import { handler, type RouteHandler } from '@shm/platform';

/** Spec §7 walletconnect-config: public, the same for everyone. */
export const configRoutes = (config: WalletConnectConfigReply): RouteHandler[] => [handler(paymentContract.walletConnectConfig, () => config)];
