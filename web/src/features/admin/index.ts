/** The admin feature's public surface (spec §2.8): the session, its header and the flag panel. */
export { AdminHeader } from './components/admin-header';
export { FeatureFlagPanel } from './components/feature-flag-panel';
export { useAdminSession, type AdminSession, type AdminSessionOptions } from './hooks/use-admin-session';
