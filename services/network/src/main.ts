import { runService } from '@shm/platform';
import { composeNetworkService } from './compose';
import { NetworkConfigSchema } from './config';

runService({
  name: 'network',
  configSchema: NetworkConfigSchema,
  port: (config) => config.NETWORK_PORT,
  compose: composeNetworkService,
  listening: (config) => ({ fields: { archivers: config.ARCHIVER_URLS, pollMs: config.NETWORK_POLL_MS, polling: config.POLLING_ENABLED } }),
});
