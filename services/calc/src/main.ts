import { runService } from '@shm/platform';
import { composeCalcService } from './compose';
import { CalcConfigSchema } from './config';

runService({ name: 'calc', configSchema: CalcConfigSchema, port: (config) => config.CALC_PORT, compose: composeCalcService });
