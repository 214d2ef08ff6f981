import type { Wallet } from 'ethers';
import { buildSiweMessage, signInFields, type NonceReply } from '@shm/contracts';
import { listen, loadConfig, type Logger } from '@shm/platform';
import { postJson, testLogger } from '@shm/platform/testing';
import { createApp as createWebApp } from '../../web/server/app';
import { WebConfigSchema } from '../../web/server/config';
import { compose, start, type Started } from './services';

export interface Front {
  /** The web server (what a person opens): /api goes to the gateway, which routes to calc and payments. */
  webUrl: string;
  gatewayUrl: string;
  /** Signs the wallet in at the gateway (EIP-4361) and returns its session cookie. */
  signIn(wallet: Wallet): Promise<string>;
  stop(): Promise<void>;
}

/**
 * What stands in front of payments in production: calc with the payment gate on (its grants fed by
 * payment.confirmed, caught up from the streams when its copy says "not paid"), the gateway (wallet sign-in,
 * identity header, proxies) and the web server's /api proxy, each composed through its public entry.
 * Everything shares the test Redis under its own prefixes.
 */
export async function startFront(
  paymentsUrl: string,
  now: () => Date,
  { followEvents = true, logger = testLogger('front') }: { followEvents?: boolean; logger?: Logger } = {},
): Promise<Front> {
  // followEvents false: calc never hears payment.confirmed (its consumer died), as when an event is lost.
  const calc = await start(
    await compose.calc({}, { gate: { isOn: () => true }, now, followPaymentEvents: followEvents, negativeTtlMs: 0, blockMs: 100 }, logger),
  );
  const gateway = await start(await compose.gateway({ CALC_URL: calc.url, PAYMENTS_URL: paymentsUrl }, logger));
  const web = await listen(createWebApp({ logger, config: loadConfig(WebConfigSchema, { GATEWAY_URL: gateway.url }) }), 0);
  const stops: Started[] = [gateway, calc];
  return {
    webUrl: web.url,
    gatewayUrl: gateway.url,
    async signIn(wallet) {
      const nonce = (await (await fetch(`${gateway.url}/api/auth/nonce`)).json()) as NonceReply;
      const message = buildSiweMessage(signInFields(nonce, wallet.address));
      const res = await postJson(`${gateway.url}/api/auth/verify`, { message, signature: await wallet.signMessage(message) });
      if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
      const cookie = res.headers.get('set-cookie')?.split(';')[0];
      if (!cookie) throw new Error('sign-in: the reply sets no session cookie');
      return cookie;
    },
    async stop() {
      web.server.closeAllConnections();
      await web.close();
      for (const service of stops) await service.stop();
    },
  };
}

