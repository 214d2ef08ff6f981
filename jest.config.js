/**
 * Test tiers: unit (beside the code), component (one service in-process against real parts),
 * integration (services composed together through their public entries, same real parts), e2e (the
 * whole stack in Chromium).
 */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
  ],
};
const common = { transform, testEnvironment: 'node', moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'] };
const ignore = ['/node_modules/', '/dist/'];

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{packages,services,web,integration,infra,lint}/**/*.test.ts?(x)'],
      testPathIgnorePatterns: [...ignore, '\\.component\\.test\\.ts$', '\\.integration\\.test\\.ts$', '\\.e2e\\.test\\.ts$'],
    },
    {
      ...common,
      displayName: 'component',
      testMatch: ['<rootDir>/{packages,services,web}/**/*.component.test.ts'],
      testPathIgnorePatterns: ignore,
      // One set of real infrastructure per worker (scripts/test.ts), chosen before the test's modules load.
      setupFiles: ['<rootDir>/scripts/lib/worker-infra.ts'],
      setupFilesAfterEnv: ['<rootDir>/scripts/lib/fresh-events.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/integration/**/*.integration.test.ts'],
      testPathIgnorePatterns: ignore,
      setupFilesAfterEnv: ['<rootDir>/scripts/lib/fresh-events.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts'],
      testPathIgnorePatterns: ignore,
    },
  ],
};
