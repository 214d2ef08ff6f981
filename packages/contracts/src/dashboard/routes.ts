import type { EndpointResponse, RouteDocs } from '../docs-types';
import { ErrorReplySchema } from '../errors';
import { WALLET, unauthorized } from '../payments/examples';
import { defineRoutes } from '../route';
import { dashboardAlertContract, dashboardAlertDocs } from './alert-routes';
import {
  AUTH,
  CATEGORY,
  ENTRY_ID,
  NODE_KEY,
  PROFILE_ID,
  basis,
  entry,
  errorExample,
  flagOff,
  guarded,
  limit,
  linkedEntry,
  linkedEntryFields,
  notFound,
  portfolioTotals,
  profile,
  profileFields,
} from './examples';
import { dashboardScenarioContract, dashboardScenarioDocs } from './scenario-routes';
import {
  CreatePortfolioEntryRequestSchema,
  CreateProfileRequestSchema,
  DASHBOARD_LIMITS,
  DeleteProfileReplySchema,
  DeletedReplySchema,
  EntryParamSchema,
  PortfolioEntryReplySchema,
  PortfolioReplySchema,
  ProfileIdParamSchema,
  ProfileReplySchema,
  ProfilesQuerySchema,
  ProfilesReplySchema,
  UpdatePortfolioEntryRequestSchema,
  UpdateProfileRequestSchema,
  WalletParamSchema,
} from './schemas';

const read = [400, 401, 403];
const write = [400, 401, 403, 404];
const remove = [401, 403, 404];

/** Profiles, portfolio, scenarios and alerts of the signed-in wallet (the personalizedDashboard flag must be on). */
export const dashboardContract = defineRoutes({
  profiles: {
    method: 'GET', path: '/api/dashboard/profiles', service: 'dashboard', auth: 'wallet',
    cache: 'no-store', query: ProfilesQuerySchema, reply: ProfilesReplySchema, errors: read,
  },
  createProfile: {
    method: 'POST', path: '/api/dashboard/profiles', service: 'dashboard', auth: 'wallet',
    status: 201, body: CreateProfileRequestSchema, reply: ProfileReplySchema, errors: [400, 401, 403, 409],
  },
  updateProfile: {
    method: 'PATCH', path: '/api/dashboard/profiles/:id', service: 'dashboard', auth: 'wallet',
    pathParams: ProfileIdParamSchema, body: UpdateProfileRequestSchema, reply: ProfileReplySchema, errors: write,
  },
  deleteProfile: {
    method: 'DELETE', path: '/api/dashboard/profiles/:id', service: 'dashboard', auth: 'wallet',
    pathParams: ProfileIdParamSchema, reply: DeleteProfileReplySchema, errors: remove,
  },
  portfolio: {
    method: 'GET', path: '/api/dashboard/portfolio/:address', service: 'dashboard', auth: 'wallet',
    cache: 'no-store', pathParams: WalletParamSchema, reply: PortfolioReplySchema, errors: read,
  },
  createEntry: {
    method: 'POST', path: '/api/dashboard/portfolio', service: 'dashboard', auth: 'wallet',
    status: 201, body: CreatePortfolioEntryRequestSchema, reply: PortfolioEntryReplySchema, errors: [400, 401, 403, 409],
  },
  updateEntry: {
    method: 'PATCH', path: '/api/dashboard/portfolio/:address/:entryId', service: 'dashboard', auth: 'wallet',
    pathParams: EntryParamSchema, body: UpdatePortfolioEntryRequestSchema, reply: PortfolioEntryReplySchema, errors: [...write, 409],
  },
  deleteEntry: {
    method: 'DELETE', path: '/api/dashboard/portfolio/:address/:entryId', service: 'dashboard', auth: 'wallet',
    pathParams: EntryParamSchema, reply: DeletedReplySchema, errors: remove,
  },
  ...dashboardScenarioContract,
  ...dashboardAlertContract,
});

/** Each route's docs (the docs page and OpenAPI); a function, so the web's bundle leaves the text out. */
export const dashboardDocs = (): RouteDocs<typeof dashboardContract> => {
  /** 409 of a create or edit: the wallet's limits, or a node key one of its entries already links. */
  const linkRefused: EndpointResponse = {
    status: 409,
    description: `The wallet already keeps ${DASHBOARD_LIMITS.portfolioEntries} portfolio entries or links ${DASHBOARD_LIMITS.linkedNodes} nodes (LIMIT_REACHED), or another of its entries already links this node (CONFLICT: 'This node is already in your portfolio')`,
    schema: ErrorReplySchema,
    example: errorExample('CONFLICT', 'This node is already in your portfolio'),
  };
  return {
    profiles: {
      category: CATEGORY,
      title: 'List investment profiles',
      description: 'The signed-in wallet’s investment profiles, newest first; exactly one is the default while any exist.',
      authentication: AUTH,
      responses: [{ status: 200, description: 'The profiles', example: { success: true, profiles: [profile] } }, ...guarded],
    },
    createProfile: {
      category: CATEGORY,
      title: 'Create an investment profile',
      description: 'The wallet’s first profile becomes the default; `isDefault: true` makes a later one the default (the others lose it).',
      authentication: AUTH,
      bodyExample: { ...profileFields, walletAddress: WALLET, isDefault: false },
      responses: [
        { status: 201, description: 'The created profile', example: { success: true, profile } },
        ...guarded,
        limit('profiles', 'profiles'),
      ],
    },
    updateProfile: {
      category: CATEGORY,
      title: 'Edit an investment profile',
      description: 'Changes the given fields; `isDefault: true` makes it the default profile.',
      authentication: AUTH,
      bodyExample: { targetEarnings: 7_500, isDefault: true },
      responses: [
        { status: 200, description: 'The profile as stored', example: { success: true, profile } },
        ...guarded,
        notFound('profile'),
      ],
    },
    deleteProfile: {
      category: CATEGORY,
      title: 'Delete an investment profile',
      description: 'Deleting the default profile makes the most recently updated other profile the default.',
      authentication: AUTH,
      responses: [
        { status: 200, description: 'Deleted', example: { success: true, deletedId: PROFILE_ID, newDefaultId: null } },
        unauthorized,
        flagOff,
        notFound('profile'),
      ],
    },
    portfolio: {
      category: CATEGORY,
      title: 'List portfolio entries with their performance',
      description:
        'Each entry with what the calculator expects at today’s live network parameters. An entry without a node key (`node: null`) compares its typed actualRewards with what its nodeCount nodes should have earned since entryDate (`performance.source: typed`). A linked entry (`nodePublicKey`) is one node: `node` carries its status from the network service (state, since, active periods, earned SHM), the time in its state, its active periods and earned SHM in the current UTC month, the SHM earned since the later of entryDate and the first sighting, and for a node in standby its wait against the network’s median and 90th-percentile wait to activation; its performance compares that earned SHM with one node’s expectation over the same time (`source: node`). All linked nodes are asked for in one request; while the network service cannot answer, `node.status` is null, the entry keeps its typed figures and `totals.states.unavailable` counts it. `totals` sums the wallet: entries, nodes, linked nodes by state, actual and expected SHM and their ratio. Details: docs/dashboard.md, "Linked nodes".',
      authentication: AUTH,
      responses: [
        { status: 200, description: 'The entries', example: { success: true, entries: [entry, linkedEntry], basis, totals: portfolioTotals } },
        ...guarded,
      ],
    },
    createEntry: {
      category: CATEGORY,
      title: 'Add a portfolio entry',
      description:
        'Nodes the wallet runs: count, investment, SHM price at entry, SHM rewards received and the start date. With `nodePublicKey` (64 hex characters, stored lower-case) the entry is linked to that one node and stored with nodeCount 1; the reply carries the node’s status as for the list.',
      authentication: AUTH,
      bodyExample: { ...linkedEntryFields, walletAddress: WALLET },
      responses: [
        { status: 201, description: 'The created entry', example: { success: true, entry: linkedEntry } },
        ...guarded,
        linkRefused,
      ],
    },
    updateEntry: {
      category: CATEGORY,
      title: 'Edit a portfolio entry',
      description:
        'Changes the given fields of one entry. `nodePublicKey` links the entry to a node (nodeCount becomes 1: a linked entry is one node), `nodePublicKey: null` unlinks it (its typed figures count again).',
      authentication: AUTH,
      bodyExample: { nodePublicKey: NODE_KEY },
      responses: [
        { status: 200, description: 'The entry as stored', example: { success: true, entry: linkedEntry } },
        ...guarded,
        notFound('portfolio entry'),
        linkRefused,
      ],
    },
    deleteEntry: {
      category: CATEGORY,
      title: 'Delete a portfolio entry',
      description: 'Removes one entry.',
      authentication: AUTH,
      responses: [
        { status: 200, description: 'Deleted', example: { success: true, deletedId: ENTRY_ID } },
        unauthorized,
        flagOff,
        notFound('portfolio entry'),
      ],
    },
    ...dashboardScenarioDocs(),
    ...dashboardAlertDocs(),
  };
};
export * from './watcher-routes';
