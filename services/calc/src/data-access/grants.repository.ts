import type { Redis } from '@shm/platform/redis';
import type { GrantStore } from '../domain/ports';

interface StoredGrant {
  sessionId: string;
  grantedAt: number;
  expiresAt: number;
}

const DAY_MS = 24 * 3_600_000;

/**
 * Calc's copy of the payment grants, one per lower-case wallet in Redis (fed by payment.confirmed and
 * access.revoked). Validity is read against calc's clock (`now`); the Redis expiry only tidies up.
 * A revocation leaves a watermark, so a confirmation read after it (events of two streams may
 * arrive out of order) cannot bring an older grant back.
 */
export function grantsRepository(redis: Redis, prefix = 'calc:', now: () => Date = () => new Date()) {
  const grantKey = (wallet: string) => `${prefix}grant:${wallet.toLowerCase()}`;
  const revokedKey = (wallet: string) => `${prefix}grant-revoked:${wallet.toLowerCase()}`;
  const read = async (wallet: string): Promise<StoredGrant | null> => {
    const raw = await redis.get(grantKey(wallet));
    return raw ? (JSON.parse(raw) as StoredGrant) : null;
  };

  const grants: GrantStore = {
    async hasValidGrant(wallet) {
      const grant = await read(wallet);
      return grant !== null && grant.expiresAt > now().getTime();
    },
    async record({ wallet, sessionId, grantedAt, expiresAt }) {
      const grant: StoredGrant = { sessionId, grantedAt: Date.parse(grantedAt), expiresAt: Date.parse(expiresAt) };
      const revokedAt = Number((await redis.get(revokedKey(wallet))) ?? 0);
      const current = await read(wallet);
      if (grant.grantedAt <= revokedAt || (current && current.expiresAt >= grant.expiresAt)) return;
      // Keep the key a day past expiry (in real time) whatever the grant's clock says; validity is checked on read.
      await redis.set(grantKey(wallet), JSON.stringify(grant), 'PX', Math.max(grant.expiresAt - Date.now(), 0) + DAY_MS);
    },
    async revoke({ wallet, at }) {
      const revokedAt = Date.parse(at);
      await redis.set(revokedKey(wallet), String(revokedAt), 'PX', 2 * DAY_MS);
      const current = await read(wallet);
      if (current && current.grantedAt <= revokedAt) await redis.del(grantKey(wallet));
    },
  };
  return grants;
}
export type GrantsRepository = ReturnType<typeof grantsRepository>;
