import { defineRoutes, withSchemas } from '../route';
import { AlertsReplySchema, CreateDestinationRequestSchema, DestinationParamSchema, DestinationReplySchema, TestDeliveryReplySchema } from './alert-schemas';
import {
  CreatePortfolioEntryRequestSchema,
  CreateProfileRequestSchema,
  DeleteProfileReplySchema,
  DeletedReplySchema,
  EntryParamSchema,
  PortfolioEntryReplySchema,
  PortfolioReplySchema,
  ProfileIdParamSchema,
  ProfileReplySchema,
  ProfilesQuerySchema,
  ProfilesReplySchema,
  RenameScenarioRequestSchema,
  SaveScenarioRequestSchema,
  ScenarioParamSchema,
  ScenarioReplySchema,
  ScenariosReplySchema,
  UpdatePortfolioEntryRequestSchema,
  UpdateProfileRequestSchema,
  WalletParamSchema,
} from './schemas';

/** Profiles, portfolio and scenarios of the signed-in wallet (the personalizedDashboard flag must be on). */
export const dashboardRoutes = defineRoutes({
  profiles: { method: 'GET', path: '/api/dashboard/profiles', service: 'dashboard', auth: 'wallet' },
  createProfile: { method: 'POST', path: '/api/dashboard/profiles', service: 'dashboard', auth: 'wallet' },
  updateProfile: { method: 'PATCH', path: '/api/dashboard/profiles/:id', service: 'dashboard', auth: 'wallet' },
  deleteProfile: { method: 'DELETE', path: '/api/dashboard/profiles/:id', service: 'dashboard', auth: 'wallet' },
  portfolio: { method: 'GET', path: '/api/dashboard/portfolio/:address', service: 'dashboard', auth: 'wallet' },
  createEntry: { method: 'POST', path: '/api/dashboard/portfolio', service: 'dashboard', auth: 'wallet' },
  updateEntry: { method: 'PATCH', path: '/api/dashboard/portfolio/:address/:entryId', service: 'dashboard', auth: 'wallet' },
  deleteEntry: { method: 'DELETE', path: '/api/dashboard/portfolio/:address/:entryId', service: 'dashboard', auth: 'wallet' },
  scenarios: { method: 'GET', path: '/api/dashboard/scenarios/:address', service: 'dashboard', auth: 'wallet' },
  saveScenario: { method: 'POST', path: '/api/dashboard/scenarios', service: 'dashboard', auth: 'wallet' },
  scenario: { method: 'GET', path: '/api/dashboard/scenarios/:address/:scenarioId', service: 'dashboard', auth: 'wallet' },
  renameScenario: { method: 'PATCH', path: '/api/dashboard/scenarios/:address/:scenarioId', service: 'dashboard', auth: 'wallet' },
  deleteScenario: { method: 'DELETE', path: '/api/dashboard/scenarios/:address/:scenarioId', service: 'dashboard', auth: 'wallet' },
  alerts: { method: 'GET', path: '/api/dashboard/alerts', service: 'dashboard', auth: 'wallet' },
  createDestination: { method: 'POST', path: '/api/dashboard/alerts/destinations', service: 'dashboard', auth: 'wallet' },
  deleteDestination: { method: 'DELETE', path: '/api/dashboard/alerts/destinations/:id', service: 'dashboard', auth: 'wallet' },
  testDestination: { method: 'POST', path: '/api/dashboard/alerts/destinations/:id/test', service: 'dashboard', auth: 'wallet' },
});

const read = [400, 401, 403];
const write = [400, 401, 403, 404];
const remove = [401, 403, 404];

export const dashboardContract = /* @__PURE__ */ withSchemas(dashboardRoutes, {
  profiles: { cache: 'no-store', query: ProfilesQuerySchema, reply: ProfilesReplySchema, errors: read },
  createProfile: { status: 201, body: CreateProfileRequestSchema, reply: ProfileReplySchema, errors: [400, 401, 403, 409] },
  updateProfile: { pathParams: ProfileIdParamSchema, body: UpdateProfileRequestSchema, reply: ProfileReplySchema, errors: write },
  deleteProfile: { pathParams: ProfileIdParamSchema, reply: DeleteProfileReplySchema, errors: remove },
  portfolio: { cache: 'no-store', pathParams: WalletParamSchema, reply: PortfolioReplySchema, errors: read },
  createEntry: { status: 201, body: CreatePortfolioEntryRequestSchema, reply: PortfolioEntryReplySchema, errors: [400, 401, 403, 409] },
  updateEntry: { pathParams: EntryParamSchema, body: UpdatePortfolioEntryRequestSchema, reply: PortfolioEntryReplySchema, errors: [...write, 409] },
  deleteEntry: { pathParams: EntryParamSchema, reply: DeletedReplySchema, errors: remove },
  scenarios: { cache: 'no-store', pathParams: WalletParamSchema, reply: ScenariosReplySchema, errors: read },
  saveScenario: { status: 201, body: SaveScenarioRequestSchema, reply: ScenarioReplySchema, errors: [400, 401, 403, 404, 409] },
  scenario: { cache: 'no-store', pathParams: ScenarioParamSchema, reply: ScenarioReplySchema, errors: write },
  renameScenario: { pathParams: ScenarioParamSchema, body: RenameScenarioRequestSchema, reply: ScenarioReplySchema, errors: write },
  deleteScenario: { pathParams: ScenarioParamSchema, reply: DeletedReplySchema, errors: remove },
  alerts: { cache: 'no-store', reply: AlertsReplySchema, errors: [401, 403] },
  createDestination: { status: 201, body: CreateDestinationRequestSchema, reply: DestinationReplySchema, errors: [400, 401, 403, 409] },
  deleteDestination: { pathParams: DestinationParamSchema, reply: DeletedReplySchema, errors: remove },
  testDestination: { status: 202, pathParams: DestinationParamSchema, reply: TestDeliveryReplySchema, errors: remove },
});
