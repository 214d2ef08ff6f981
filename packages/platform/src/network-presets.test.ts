import { z } from 'zod';
import { loadConfig } from './config';
import { processEnvShape } from './base-env';
import { NETWORK_PRESETS, withNetworkPreset } from './network-presets';

/**
 * EXISTING_ARCHIVERS and CHAIN_ID exactly as shardeum/shardeum-validator writes them in
 * scripts/configs/mainnet.sh (dc68781d0670e3d9a81681a27b185de9286a74bb) and scripts/configs/testnet.sh
 * (0824d1ab9ee5c1f293b15b0297530eb4c95c96ad).
 */
const MAINNET_SH = {
  CHAIN_ID: '8118',
  EXISTING_ARCHIVERS:
    '[{"ip":"35.238.248.68","port":4000,"publicKey":"e25aa3465e43ecdee2cceddc381d137a4fa4c174144144683e0ea2a42a3801ff"},{"ip":"34.23.94.188","port":4000,"publicKey":"4a6c6ddc9cedb2f4b0ae90a9fd36e705abf572ba971585b429329408bfdfb20e"},{"ip":"34.145.9.44","port":4000,"publicKey":"5278029906ac9b0ae79b96364ef3c7aaa09abd4a36397f0bd5ca7faedd4c575c"}]',
};
const TESTNET_SH = {
  CHAIN_ID: '8083',
  EXISTING_ARCHIVERS:
    '[{"ip":"104.197.117.164","port":4000,"publicKey":"d831bb7c09db45d47338af23ab50cac5d29ef8f3a2cd274dd741370aa472d6c1"},{"ip":"34.139.3.222","port":4000,"publicKey":"1c42a7f9cca36e13e590ae00c1124c5a1f696c879da210ffcdccb312d08c8214"},{"ip":"35.233.192.167","port":4000,"publicKey":"d1721c924394ae1ff3e9ea22af15962e045511fde05ed0b56f0a8c36eb161d75"}]',
};
const seedsOf = (json: string) =>
  (JSON.parse(json) as { ip: string; port: number; publicKey: string }[]).map((a) => `http://${a.ip}:${a.port}#${a.publicKey}`).join(',');

describe('NETWORK presets', () => {
  it('when the presets are compared with shardeum-validator\'s network configs, then the archivers, their keys and the chain ids are theirs', () => {
    expect(NETWORK_PRESETS.mainnet).toMatchObject({ ARCHIVER_URLS: seedsOf(MAINNET_SH.EXISTING_ARCHIVERS), CHAIN_ID: MAINNET_SH.CHAIN_ID });
    expect(NETWORK_PRESETS.testnet).toMatchObject({ ARCHIVER_URLS: seedsOf(TESTNET_SH.EXISTING_ARCHIVERS), CHAIN_ID: TESTNET_SH.CHAIN_ID });
  });

  it('when NETWORK=mainnet leaves settings unset or empty, then the preset fills them; a set one wins', () => {
    const env = withNetworkPreset({ NETWORK: 'mainnet', ARCHIVER_URLS: '', CHAIN_RPC_URL: 'http://my-node:8545' });
    expect(env).toMatchObject({
      ARCHIVER_URLS: NETWORK_PRESETS.mainnet.ARCHIVER_URLS,
      CHAIN_ID: '8118',
      CHAIN_RPC_URL: 'http://my-node:8545',
      EXPLORER_URL: 'https://explorer.shardeum.org',
    });
  });

  it('when a fallback is turned off with an empty value, then the preset does not turn it back on', () => {
    const env = withNetworkPreset({ NETWORK: 'mainnet', NETWORK_RPC_URL: '', EXPLORER_API_URL: '' });
    expect(env).toMatchObject({ NETWORK_RPC_URL: '', EXPLORER_API_URL: '' });
  });

  it('when NETWORK is unset, then it is local: nothing is filled in and the services keep their local defaults', () => {
    expect(withNetworkPreset({ CHAIN_ID: '' })).toEqual({ CHAIN_ID: '' });
    expect(loadConfig(z.object(processEnvShape), {}).NETWORK).toBe('local');
  });

  it('when NETWORK names no known network, then loading the config fails naming NETWORK', () => {
    expect(() => loadConfig(z.object(processEnvShape), { NETWORK: 'devnet' })).toThrow(/NETWORK: /);
  });
});
