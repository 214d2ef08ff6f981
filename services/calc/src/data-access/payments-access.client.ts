import { ACCESS_HOURS, IDENTITY_HEADER, WalletSessionInfoReplySchema } from '@shm/contracts';
import { signIdentity } from '@shm/platform';
import type { ConfirmedGrant, GrantSource } from '../domain/ports';

/**
 * Asks the payments service (the source of truth for grants) whether a wallet has access now, as
 * that wallet: GET /api/wallet/:address/session-info with an identity signed by the shared secret.
 */
export function paymentsAccessClient(paymentsUrl: string, secret: string, timeoutMs: number): GrantSource {
  return {
    async currentGrant(wallet): Promise<ConfirmedGrant | null> {
      const res = await fetch(`${paymentsUrl}/api/wallet/${wallet}/session-info`, {
        headers: { [IDENTITY_HEADER]: signIdentity({ wallet }, secret), accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`payments answered ${res.status}`);
      const { sessionInfo } = WalletSessionInfoReplySchema.parse(await res.json());
      if (!sessionInfo.isValid || !sessionInfo.expiresAt || !sessionInfo.sessionId) return null;
      const expiresAt = Date.parse(sessionInfo.expiresAt);
      return {
        sessionId: sessionInfo.sessionId,
        expiresAt: sessionInfo.expiresAt,
        grantedAt: new Date(expiresAt - ACCESS_HOURS * 3_600_000).toISOString(),
      };
    },
  };
}
