import { runService } from '@shm/platform';
import { composeDashboardService } from './compose';
import { DashboardConfigSchema } from './config';

runService({
  name: 'dashboard',
  configSchema: DashboardConfigSchema,
  port: (config) => config.DASHBOARD_PORT,
  compose: composeDashboardService,
  listening: (config) => ({ fields: { db: config.MONGO_DB } }),
});
