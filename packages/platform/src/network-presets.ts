/**
 * `NETWORK=mainnet|testnet|local`: the Shardeum network the product follows, as one setting
 * (docs/network-data.md, "Networks"). A preset fills in the settings of its network that the
 * environment leaves unset: archiver seeds pinned to their keys, the JSON-RPC, the explorer and the
 * chain id. A variable that is set wins over the preset, except an empty one where empty means
 * nothing (a URL, a seed list, a chain id): compose passes `${VAR:-}` for an override that is not
 * given. `NETWORK_RPC_URL` and `EXPLORER_API_URL` keep their own meaning of empty (that fallback off).
 *
 * The archivers and the chain ids are shardeum/shardeum-validator's (scripts/configs/mainnet.sh at
 * dc68781d0670e3d9a81681a27b185de9286a74bb, scripts/configs/testnet.sh at
 * 0824d1ab9ee5c1f293b15b0297530eb4c95c96ad: EXISTING_ARCHIVERS, CHAIN_ID, and for the testnet its
 * RPC_SERVER_URL and NEXT_PUBLIC_EXPLORER_URL). Mainnet's RPC and explorer are the public ones of
 * docs.shardeum.org. No preset names a `NETWORK_ID`: none is published; the network service learns
 * it from the first quorum of archivers and holds it (set NETWORK_ID to pin it).
 */
export const NETWORKS = ['mainnet', 'testnet', 'local'] as const;
export type NetworkName = (typeof NETWORKS)[number];

const pinned = (archivers: readonly [string, string][]) => archivers.map(([url, key]) => `${url}#${key}`).join(',');

export const NETWORK_PRESETS: Record<NetworkName, Readonly<Record<string, string>>> = {
  mainnet: {
    ARCHIVER_URLS: pinned([
      ['http://35.238.248.68:4000', 'e25aa3465e43ecdee2cceddc381d137a4fa4c174144144683e0ea2a42a3801ff'],
      ['http://34.23.94.188:4000', '4a6c6ddc9cedb2f4b0ae90a9fd36e705abf572ba971585b429329408bfdfb20e'],
      ['http://34.145.9.44:4000', '5278029906ac9b0ae79b96364ef3c7aaa09abd4a36397f0bd5ca7faedd4c575c'],
    ]),
    CHAIN_ID: '8118',
    CHAIN_RPC_URL: 'https://api.shardeum.org',
    NETWORK_RPC_URL: 'https://api.shardeum.org',
    EXPLORER_URL: 'https://explorer.shardeum.org',
    EXPLORER_API_URL: 'https://explorer.shardeum.org',
  },
  testnet: {
    ARCHIVER_URLS: pinned([
      ['http://104.197.117.164:4000', 'd831bb7c09db45d47338af23ab50cac5d29ef8f3a2cd274dd741370aa472d6c1'],
      ['http://34.139.3.222:4000', '1c42a7f9cca36e13e590ae00c1124c5a1f696c879da210ffcdccb312d08c8214'],
      ['http://35.233.192.167:4000', 'd1721c924394ae1ff3e9ea22af15962e045511fde05ed0b56f0a8c36eb161d75'],
    ]),
    CHAIN_ID: '8083',
    CHAIN_RPC_URL: 'http://34.60.100.120:8000',
    NETWORK_RPC_URL: 'http://34.60.100.120:8000',
    EXPLORER_URL: 'http://34.136.118.2:6001',
    EXPLORER_API_URL: 'http://34.136.118.2:6001',
  },
  // The local parts `npm start` runs (the archiver stand-in, Hardhat with chain id 8118): each
  // service's own defaults, which the start script sets to the ports it chose.
  local: {},
};

/** Variables whose empty value means something of its own (that fallback off); a preset never replaces it. */
const EMPTY_IS_A_VALUE = new Set(['NETWORK_RPC_URL', 'EXPLORER_API_URL']);

/**
 * The environment with `NETWORK`'s preset filled in where it leaves a setting unset. An unknown
 * network name is left for the config schema to refuse (it names NETWORK); unset means `local`.
 */
export function withNetworkPreset(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const name = env.NETWORK ?? 'local';
  const preset = (NETWORK_PRESETS as Record<string, Readonly<Record<string, string>> | undefined>)[name];
  if (!preset) return env;
  const filled: NodeJS.ProcessEnv = { ...env };
  for (const [key, value] of Object.entries(preset)) {
    const given = env[key];
    if (given === undefined || (given === '' && !EMPTY_IS_A_VALUE.has(key))) filled[key] = value;
  }
  return filled;
}
