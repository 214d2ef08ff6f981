import { loadConfig } from '@shm/platform';
import { CalcConfigSchema } from './config';

describe('calc configuration', () => {
  it('when NODE_ENV is production and INTERNAL_SECRET is the public dev secret, then calc refuses to start', () => {
    expect(() => loadConfig(CalcConfigSchema, { NODE_ENV: 'production' })).toThrow(/INTERNAL_SECRET: must be set in production/);
    expect(loadConfig(CalcConfigSchema, { NODE_ENV: 'production', INTERNAL_SECRET: 'x'.repeat(32) }).CALC_PORT).toBe(8101);
  });
});
