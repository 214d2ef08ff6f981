import type { dashboardRoutes } from './routes';
import { WALLET, unauthorized } from '../payments/docs-shared';
import { AUTH, CATEGORY, ENTRY_ID, PROFILE_ID, basis, entry, entryFields, flagOff, guarded, limit, notFound, profile, profileFields } from './docs-shared';
import { dashboardScenarioDocs } from './docs-scenarios';
import type { RouteDocs } from '../docs-types';

/** Investment profiles and portfolio entries (scenarios: dashboard-scenarios.ts). */
export const dashboardDocs: RouteDocs<typeof dashboardRoutes> = {
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
      'Each entry with the SHM the calculator expects its nodes to have earned since entryDate at today’s live network parameters, and actualRewards / expected as a ratio.',
    authentication: AUTH,
    responses: [
      { status: 200, description: 'The entries', example: { success: true, entries: [entry], basis } },
      ...guarded,
    ],
  },
  createEntry: {
    category: CATEGORY,
    title: 'Add a portfolio entry',
    description: 'Nodes the wallet runs: count, investment, SHM price at entry, SHM rewards received and the start date.',
    authentication: AUTH,
    bodyExample: { ...entryFields, walletAddress: WALLET },
    responses: [
      { status: 201, description: 'The created entry', example: { success: true, entry } },
      ...guarded,
      limit('portfolioEntries', 'portfolio entries'),
    ],
  },
  updateEntry: {
    category: CATEGORY,
    title: 'Edit a portfolio entry',
    description: 'Changes the given fields of one entry.',
    authentication: AUTH,
    bodyExample: { actualRewards: 1400 },
    responses: [
      { status: 200, description: 'The entry as stored', example: { success: true, entry } },
      ...guarded,
      notFound('portfolio entry'),
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
  ...dashboardScenarioDocs,
};
