/** The personalised dashboard's public surface (spec §2.6). */
export { PersonalDashboard, type PersonalDashboardProps } from './components/personal-dashboard';
