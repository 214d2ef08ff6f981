import { withSchemas } from '../route';
import { NodeLookupReplySchema, NodeLookupRequestSchema } from './node-schemas';
import { networkRoutes } from './routes';
import { NetworkDataReplySchema, NetworkHistoryQuerySchema, NetworkHistoryReplySchema, NetworkRefreshReplySchema, ShmPriceReplySchema } from './schemas';

/**
 * The network routes with their schemas. Kept apart from routes.ts: the calculator page imports the
 * route objects, and an import of the node schemas there would put them into its first bundle (the
 * SPA's initial chunk takes every module the first page reaches), though only the dashboard uses them.
 */
export const networkContract = /* @__PURE__ */ withSchemas(networkRoutes, {
  data: { reply: NetworkDataReplySchema, errors: [503] },
  refresh: { reply: NetworkRefreshReplySchema, errors: [] },
  history: { query: NetworkHistoryQuerySchema, reply: NetworkHistoryReplySchema, errors: [400] },
  price: { reply: ShmPriceReplySchema, errors: [503] },
  nodes: { body: NodeLookupRequestSchema, reply: NodeLookupReplySchema, errors: [400, 503] },
});
