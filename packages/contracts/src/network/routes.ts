import { defineRoutes } from '../route';

export const networkRoutes = defineRoutes({
  data: { method: 'GET', path: '/api/shardeum-network', service: 'network', auth: 'none' },
  refresh: { method: 'POST', path: '/api/shardeum-network/refresh', service: 'network', auth: 'none' },
  history: { method: 'GET', path: '/api/shardeum-network/history', service: 'network', auth: 'none' },
  price: { method: 'GET', path: '/api/shm-price', service: 'network', auth: 'none' },
  nodes: { method: 'POST', path: '/api/shardeum-network/nodes', service: 'network', auth: 'none' },
});
