import type { CreateProfileRequest, InvestmentProfile, ProfileFields } from '@shm/contracts';
import { useToast } from '../../../components/toast/toast-context';
import { useCreateProfile } from '../api/create-profile';
import { useDeleteProfile } from '../api/delete-profile';
import { useUpdateProfile } from '../api/update-profile';
import { copyRequest } from '../utils/profile-form';
import { failure, success } from './texts';

type Done = () => void;

/** Profile changes with their toasts (spec §8). Copy has a mutation of its own so its failure never shows in a form. */
export function useProfileActions(address: string) {
  const { showToast } = useToast();
  const create = useCreateProfile(address);
  const copy = useCreateProfile(address);
  const update = useUpdateProfile(address);
  const remove = useDeleteProfile(address);

  const created = (profile: InvestmentProfile) =>
    showToast(success('Profile Created', `"${profile.profileName}" was saved${profile.isDefault ? ' as your default profile' : ''}.`));
  const createFailed = (error: Error) => showToast(failure('Creation Failed', error, 'The profile could not be created. Please try again.'));
  const updateFailed = (error: Error) => showToast(failure('Update Failed', error, 'The profile could not be updated. Please try again.'));

  return {
    create,
    update,
    remove,
    copy,
    createProfile: (body: Omit<CreateProfileRequest, 'walletAddress'>, done: Done) =>
      create.mutate(body, { onSuccess: (profile) => { created(profile); done(); }, onError: createFailed }),
    copyProfile: (profile: InvestmentProfile) => copy.mutate(copyRequest(profile), { onSuccess: created, onError: createFailed }),
    editProfile: (id: string, changes: ProfileFields, done: Done) =>
      update.mutate(
        { id, changes },
        { onSuccess: (profile) => { showToast(success('Profile Updated', `"${profile.profileName}" was saved.`)); done(); }, onError: updateFailed },
      ),
    makeDefault: (profile: InvestmentProfile) =>
      update.mutate(
        { id: profile.id, changes: { isDefault: true } },
        { onSuccess: (p) => showToast(success('Profile Updated', `"${p.profileName}" is now your default profile.`)), onError: updateFailed },
      ),
    deleteProfile: (profile: InvestmentProfile, others: InvestmentProfile[], done: Done) =>
      remove.mutate(profile.id, {
        onSuccess: ({ newDefaultId }) => {
          const promoted = others.find((p) => p.id === newDefaultId);
          const note = promoted ? ` "${promoted.profileName}" is now your default profile.` : '';
          showToast(success('Profile Deleted', `"${profile.profileName}" was deleted.${note}`));
          done();
        },
        onError: (error) => showToast(failure('Delete Failed', error, 'The profile could not be deleted. Please try again.')),
      }),
  };
}
