import { randomUUID } from 'node:crypto';
import type { Wallet } from 'ethers';
import { buildSiweMessage, signInFields, type NonceReply } from '@shm/contracts';
import { createRedis, listen, loadConfig, type Logger, type RunningServer } from '@shm/platform';
import { postJson, testLogger } from '@shm/platform/testing';
import { createApp as createCalcApp } from '../../../calc/src/app';
import { grantsRepository } from '../../../calc/src/data-access/grants.repository';
import { paymentsAccessClient } from '../../../calc/src/data-access/payments-access.client';
import { gatedAccess, grantsWithFallback } from '../../../calc/src/domain/access-policy';
import { followPaymentGrants } from '../../../calc/src/entry-points/events/payments.consumer';
import { createApp as createGatewayApp } from '../../../gateway/src/app';
import { GatewayConfigSchema } from '../../../gateway/src/config';
import { createApp as createWebApp } from '../../../../web/server/app';
import { WebConfigSchema } from '../../../../web/server/config';
import type { Clock } from '../../src/domain/ports';
import { REDIS_URL, SECRET } from './env';

export interface Front {
  /** The web server (what a person opens): /api goes to the gateway, which routes to calc and payments. */
  webUrl: string;
  gatewayUrl: string;
  /** Signs the wallet in at the gateway (EIP-4361) and returns its session cookie. */
  signIn(wallet: Wallet): Promise<string>;
  stop(): Promise<void>;
}

/**
 * What stands in front of payments in production, in-process: calc with the payment gate on (its
 * grants fed by payment.confirmed, and asking payments when its copy says "not paid"), the gateway (wallet sign-in, identity header, proxies) and the
 * web server's /api proxy. Everything shares the test Redis under its own prefixes.
 */
export async function startFront(
  paymentsUrl: string,
  now: Clock,
  { followEvents = true, logger = testLogger('front') }: { followEvents?: boolean; logger?: Logger } = {},
): Promise<Front> {
  const id = randomUUID().slice(0, 8);
  const redis = createRedis(REDIS_URL, 'client');
  const grants = grantsRepository(redis, `test-calc-${id}:`, now);
  // followEvents false: calc never hears payment.confirmed (its consumer died), as when an event is lost.
  const follower = followEvents
    ? await followPaymentGrants(redis, grants, { group: `test-calc-grants-${id}`, consumer: 'c1', logger, blockMs: 100 })
    : { stop: async () => {} };
  const access = gatedAccess({ isOn: () => true }, grantsWithFallback(grants, paymentsAccessClient(paymentsUrl, SECRET, 2_000), { negativeTtlMs: 0 }));
  const calc = await listen(createCalcApp({ logger, access, internalSecret: SECRET }), 0);
  const gatewayConfig = loadConfig(GatewayConfigSchema, {
    REDIS_URL,
    REDIS_KEY_PREFIX: `test-gateway-${id}:`,
    CALC_URL: calc.url,
    PAYMENTS_URL: paymentsUrl,
    INTERNAL_SECRET: SECRET,
  });
  const gateway = await listen(createGatewayApp({ logger, config: gatewayConfig, redis }), 0);
  const web = await listen(createWebApp(logger, loadConfig(WebConfigSchema, { GATEWAY_URL: gateway.url })), 0);
  const servers: RunningServer[] = [web, gateway, calc];
  return {
    webUrl: web.url,
    gatewayUrl: gateway.url,
    async signIn(wallet) {
      const nonce = (await (await fetch(`${gateway.url}/api/auth/nonce`)).json()) as NonceReply;
      const message = buildSiweMessage(signInFields(nonce, wallet.address));
      const res = await postJson(`${gateway.url}/api/auth/verify`, { message, signature: await wallet.signMessage(message) });
      if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
      return res.headers.get('set-cookie')!.split(';')[0]!;
    },
    async stop() {
      for (const server of servers) {
        server.server.closeAllConnections();
        await server.close();
      }
      await follower.stop();
      await redis.quit();
    },
  };
}
