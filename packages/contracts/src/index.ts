export * from './errors';
export * from './events';
export * from './queues';
export * from './jobs';
export * from './route';
export * from './common/schemas';
export * from './calc/schemas';
export * from './calc/routes';
export * from './calc/examples';
export * from './flags/schemas';
export * from './flags/routes';
export * from './network/schemas';
export * from './network/history-schemas';
export * from './network/node-schemas';
// Types only: the schemas are values that would land in every bundle importing the root (the web's
// first page among them); their values come with the network area, '@shm/contracts/network'.
export type {
  ChainNetworkTerms,
  ChainNodeAccount,
  ChainOperatorAccount,
  DayPrice,
  LedgerPeriodRow,
  LedgerRow,
  MoneySourceState,
  NodeMoneyReply,
  Reconciliation,
  UnstakeDiagnosis,
  UnstakeState,
} from './network/money-schemas';
export * from './network/routes';
export * from './price/routes';
export * from './payments/schemas';
export * from './payments/routes';
export * from './dashboard/schemas';
export * from './dashboard/fleet-schemas';
export * from './dashboard/alert-schemas';
export * from './dashboard/routes';
export * from './auth/schemas';
export * from './auth/routes';
export * from './admin/schemas';
export * from './admin/routes';
export * from './api-docs/schemas';
export * from './api-docs/routes';
export * from './siwe';
export * from './defaults';
export * from './rules';
export * from './api';
export * from './docs-types';
export * from './api-endpoints';
export * from './chain';
export * from './browser-storage';
