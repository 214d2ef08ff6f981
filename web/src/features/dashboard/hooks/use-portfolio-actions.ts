import type { PortfolioEntry, PortfolioFields } from '@shm/contracts';
import { useToast } from '../../../components/toast/toast-context';
import { useCreatePortfolioEntry } from '../api/create-portfolio-entry';
import { useDeletePortfolioEntry } from '../api/delete-portfolio-entry';
import { useUpdatePortfolioEntry } from '../api/update-portfolio-entry';
import { entryTitle } from '../utils/entry-title';
import { failure, success } from './texts';

type Done = () => void;

/** Portfolio changes with their toasts, in the profiles' voice. */
export function usePortfolioActions(address: string) {
  const { showToast } = useToast();
  const create = useCreatePortfolioEntry(address);
  const update = useUpdatePortfolioEntry(address);
  const remove = useDeletePortfolioEntry(address);

  return {
    create,
    update,
    remove,
    addEntry: (fields: PortfolioFields, done: Done) =>
      create.mutate(fields, {
        onSuccess: (entry) => { showToast(success('Entry Added', `${entryTitle(entry)} is now in your portfolio.`)); done(); },
        onError: (error) => showToast(failure('Creation Failed', error, 'The entry could not be added. Please try again.')),
      }),
    editEntry: (id: string, changes: PortfolioFields, done: Done) =>
      update.mutate(
        { id, changes },
        {
          onSuccess: (entry) => { showToast(success('Entry Updated', `${entryTitle(entry)} was saved.`)); done(); },
          onError: (error) => showToast(failure('Update Failed', error, 'The entry could not be updated. Please try again.')),
        },
      ),
    deleteEntry: (entry: PortfolioEntry, done: Done) =>
      remove.mutate(entry.id, {
        onSuccess: () => { showToast(success('Entry Deleted', `${entryTitle(entry)} was removed from your portfolio.`)); done(); },
        onError: (error) => showToast(failure('Delete Failed', error, 'The entry could not be deleted. Please try again.')),
      }),
  };
}
