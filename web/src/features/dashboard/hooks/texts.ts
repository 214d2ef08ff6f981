import type { ToastOptions } from '../../../components/toast/toast-context';
import { failureDetail } from '../utils/api-errors';

/** Toast titles: spec §8 for profiles and scenarios; the portfolio and rename/delete ones in the same voice. */
export const noDataToast: ToastOptions = {
  severity: 'warn',
  summary: 'No Data Available',
  detail: 'This needs the current parameters and their results: wait for the calculation to finish, then try again.',
};

export const success = (summary: string, detail: string): ToastOptions => ({ severity: 'success', summary, detail });

export const failure = (summary: string, error: unknown, fallback: string): ToastOptions => ({
  severity: 'error',
  summary,
  detail: failureDetail(error, fallback),
});
