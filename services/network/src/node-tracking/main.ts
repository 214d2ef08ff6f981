import { runService } from '@shm/platform';
import { NetworkConfigSchema } from '../config';
import { composeNodeTrackingService } from './service';

// The network's settings (archivers, MongoDB, Redis, tracking limits) and a port of its own.
runService({
  name: 'node-tracking',
  configSchema: NetworkConfigSchema,
  port: (config) => config.NODE_TRACKING_PORT,
  compose: composeNodeTrackingService,
  listening: (config) => ({ fields: { archivers: config.ARCHIVER_URLS, tracking: config.POLLING_ENABLED } }),
});
