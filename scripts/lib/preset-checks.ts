// The NETWORK presets as the deployment files meet them (packages/platform/src/network-presets.ts):
// the network and payments services' own config schemas, loaded from docker-compose.yml's resolved
// environment and from the Kubernetes ConfigMap, must hold mainnet's pinned archivers, RPC and chain id.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig, NETWORK_PRESETS } from '@shm/platform';
import { NetworkConfigSchema } from '../../services/network/src/config';
import { PaymentsConfigSchema } from '../../services/payments/src/config';
import type { ComposeFile } from './infra-types';
import type { InfraCheckContext } from './k8s-checks';

const MAINNET = NETWORK_PRESETS.mainnet;
const stringsOf = (env: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(env ?? {}).map(([key, value]) => [key, String(value)]));
/** The network service's config from `env` holds mainnet's three pinned archivers, its RPC and explorer fallbacks and chain 8118. */
function mainnetNetworkProblems(env: Record<string, string>): string[] {
  try {
    const config = loadConfig(NetworkConfigSchema, env);
    const problems: string[] = [];
    const seeds = config.ARCHIVER_URLS.map((seed) => `${seed.url}#${seed.publicKey ?? '(unpinned)'}`).join(',');
    if (seeds !== MAINNET.ARCHIVER_URLS) problems.push(`ARCHIVER_URLS resolves to ${seeds}, not mainnet's pinned archivers`);
    if (config.NETWORK_RPC_URL !== MAINNET.NETWORK_RPC_URL) problems.push(`NETWORK_RPC_URL resolves to '${config.NETWORK_RPC_URL}'`);
    if (config.EXPLORER_API_URL !== MAINNET.EXPLORER_API_URL) problems.push(`EXPLORER_API_URL resolves to '${config.EXPLORER_API_URL}'`);
    if (String(config.CHAIN_ID) !== MAINNET.CHAIN_ID) problems.push(`CHAIN_ID resolves to ${config.CHAIN_ID}`);
    return problems;
  } catch (err) {
    return [err instanceof Error ? err.message : String(err)];
  }
}

/** The three checks, after compose has been parsed and interpolated (undefined: it could not be). */
export function checkNetworkPresets(context: InfraCheckContext, compose: ComposeFile | undefined): void {
  context.section('NETWORK presets (what the services make of the deployment files)');
  context.check('presets: compose\'s network service, as .env.example leaves it, follows mainnet with its archivers pinned', () =>
    compose ? mainnetNetworkProblems(stringsOf(compose.services?.network?.environment)) : ['not parsed'],
  );
  context.check('presets: compose\'s payments service verifies on mainnet (its RPC, chain 8118)', () => {
    if (!compose) return ['not parsed'];
    try {
      const config = loadConfig(PaymentsConfigSchema, stringsOf(compose.services?.payments?.environment));
      const problems: string[] = [];
      if (config.CHAIN_RPC_URL !== MAINNET.CHAIN_RPC_URL) problems.push(`CHAIN_RPC_URL resolves to ${config.CHAIN_RPC_URL}`);
      if (String(config.CHAIN_ID) !== MAINNET.CHAIN_ID) problems.push(`CHAIN_ID resolves to ${config.CHAIN_ID}`);
      if (config.EXPLORER_URL !== MAINNET.EXPLORER_URL) problems.push(`EXPLORER_URL resolves to ${config.EXPLORER_URL}`);
      return problems;
    } catch (err) {
      return [err instanceof Error ? err.message : String(err)];
    }
  });
  context.check('presets: the Kubernetes ConfigMap makes the network service follow mainnet with its archivers pinned', () => {
    const map = parse(readFileSync(path.join(context.root, 'infra/k8s/configmap.yaml'), 'utf8')) as { data?: Record<string, unknown> };
    return mainnetNetworkProblems(stringsOf(map.data));
  });
}
