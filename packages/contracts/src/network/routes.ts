import { defineRoutes, withSchemas } from '../route';
import { NetworkDataReplySchema, NetworkRefreshReplySchema, ShmPriceReplySchema } from './schemas';

export const networkRoutes = defineRoutes({
  data: { method: 'GET', path: '/api/shardeum-network', service: 'network', auth: 'none' },
  refresh: { method: 'POST', path: '/api/shardeum-network/refresh', service: 'network', auth: 'none' },
  price: { method: 'GET', path: '/api/shm-price', service: 'network', auth: 'none' },
});

export const networkContract = /* @__PURE__ */ withSchemas(networkRoutes, {
  data: { reply: NetworkDataReplySchema, errors: [503] },
  refresh: { reply: NetworkRefreshReplySchema, errors: [] },
  price: { reply: ShmPriceReplySchema, errors: [503] },
});
