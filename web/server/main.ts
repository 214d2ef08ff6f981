import { runService } from '@shm/platform';
import { composeWeb } from './compose';
import { WebConfigSchema } from './config';

runService({
  name: 'web',
  configSchema: WebConfigSchema,
  port: (config) => config.WEB_PORT,
  // The public port never answers metrics: they have a port of their own, for Prometheus only.
  metricsPort: (config) => config.WEB_METRICS_PORT,
  compose: composeWeb,
});
