import { z } from 'zod';
import { loadConfig, refuseDevValuesInProduction } from './config';
import { DEV_INTERNAL_SECRET } from './identity';

const DEV_WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const Schema = z
  .object({ NODE_ENV: z.string().default('development'), INTERNAL_SECRET: z.string().default(DEV_INTERNAL_SECRET), WALLET: z.string().default(DEV_WALLET) })
  .superRefine(refuseDevValuesInProduction({ INTERNAL_SECRET: DEV_INTERNAL_SECRET, WALLET: DEV_WALLET }));

describe('refuseDevValuesInProduction', () => {
  it('when NODE_ENV is production and dev values remain, then loading fails naming each one', () => {
    expect(() => loadConfig(Schema, { NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: INTERNAL_SECRET: must be set in production (the default is a public development value); WALLET: must be set in production (the default is a public development value)',
    );
  });

  it('when the dev wallet is given in another letter case, then it is still refused', () => {
    expect(() => loadConfig(Schema, { NODE_ENV: 'production', INTERNAL_SECRET: 'a-real-secret-of-32-characters-!!', WALLET: DEV_WALLET.toLowerCase() })).toThrow(/WALLET: must be set/);
  });

  it('when every value is set, or outside production, then the config loads', () => {
    expect(loadConfig(Schema, { NODE_ENV: 'production', INTERNAL_SECRET: 'a-real-secret-of-32-characters-!!', WALLET: '0x' + '1'.repeat(40) }).NODE_ENV).toBe('production');
    expect(loadConfig(Schema, {}).INTERNAL_SECRET).toBe(DEV_INTERNAL_SECRET);
  });
});
