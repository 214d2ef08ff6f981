import { defineRoutes, withSchemas } from '../route';
import { NetworkDataReplySchema, NetworkHistoryQuerySchema, NetworkHistoryReplySchema, NetworkRefreshReplySchema, ShmPriceReplySchema } from './schemas';

export const networkRoutes = defineRoutes({
  data: { method: 'GET', path: '/api/shardeum-network', service: 'network', auth: 'none' },
  refresh: { method: 'POST', path: '/api/shardeum-network/refresh', service: 'network', auth: 'none' },
  history: { method: 'GET', path: '/api/shardeum-network/history', service: 'network', auth: 'none' },
  price: { method: 'GET', path: '/api/shm-price', service: 'network', auth: 'none' },
});

export const networkContract = /* @__PURE__ */ withSchemas(networkRoutes, {
  data: { reply: NetworkDataReplySchema, errors: [503] },
  refresh: { reply: NetworkRefreshReplySchema, errors: [] },
  history: { query: NetworkHistoryQuerySchema, reply: NetworkHistoryReplySchema, errors: [400] },
  price: { reply: ShmPriceReplySchema, errors: [503] },
});
