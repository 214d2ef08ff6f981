import { runService } from '@shm/platform';
import { composeAlertsService } from './compose';
import { AlertsConfigSchema } from './config';

runService({
  name: 'alerts',
  configSchema: AlertsConfigSchema,
  port: (config) => config.ALERTS_PORT,
  compose: composeAlertsService,
  listening: (config) => ({ fields: { db: config.MONGO_DB, role: config.ALERTS_ROLE } }),
});
