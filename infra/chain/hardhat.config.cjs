// The local EVM chain for development and tests: Hardhat Network with Shardeum's chain id, the default
// mnemonic's funded accounts, automine. No Solidity sources, so nothing is compiled and no solc is fetched.
// CHAIN_ID overrides the chain id (tests start a second chain with another id); CHAIN_LOG=1 logs every RPC call.
const path = require('node:path');

const runDir = path.join(__dirname, '../../.run/hardhat');

/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  defaultNetwork: 'hardhat',
  networks: {
    hardhat: {
      chainId: Number(process.env.CHAIN_ID ?? 8118),
      loggingEnabled: process.env.CHAIN_LOG === '1',
      mining: { auto: true },
      // Like a real node: a reverted transaction is mined (receipt status 0) and its hash returned, not thrown.
      throwOnTransactionFailures: false,
    },
  },
  paths: {
    root: path.join(__dirname, '../..'),
    sources: path.join(__dirname, 'contracts'),
    cache: path.join(runDir, 'cache'),
    artifacts: path.join(runDir, 'artifacts'),
  },
};
