import type { AlertDestination, CreateDestinationRequest } from '@shm/contracts';
import { useToast } from '../../../components/toast/toast-context';
import { useCreateDestination, type CreatedDestination } from '../api/create-destination';
import { useRotateDestinationSecret } from '../api/rotate-destination-secret';
import { useDeleteDestination } from '../api/delete-destination';
import { useTestDestination } from '../api/test-destination';
import { destinationName } from '../utils/alert-form';
import { failure, success } from './texts';

type Done = () => void;
/** A webhook's secret, to show once. */
type Shown = (secret: string) => void;

/** Alert destination changes with their toasts, in the profiles' voice. */
export function useAlertActions(address: string) {
  const { showToast } = useToast();
  const create = useCreateDestination(address);
  const remove = useDeleteDestination(address);
  const test = useTestDestination(address);
  const rotate = useRotateDestinationSecret(address);

  return {
    create,
    remove,
    test,
    rotate,
    addDestination: (body: Omit<CreateDestinationRequest, 'walletAddress'>, done: (created: CreatedDestination) => void) =>
      create.mutate(body, {
        onSuccess: (created) => { showToast(success('Destination Added', `${destinationName(created.destination)} will receive your node alerts.`)); done(created); },
        onError: (error) => showToast(failure('Creation Failed', error, 'The destination could not be added. Please try again.')),
      }),
    deleteDestination: (destination: AlertDestination, done: Done) =>
      remove.mutate(destination.id, {
        onSuccess: () => { showToast(success('Destination Deleted', `${destinationName(destination)} will receive no more alerts.`)); done(); },
        onError: (error) => showToast(failure('Delete Failed', error, 'The destination could not be deleted. Please try again.')),
      }),
    rotateSecret: (destination: AlertDestination, shown: Shown) =>
      rotate.mutate(destination.id, {
        onSuccess: shown,
        onError: (error) => showToast(failure('Rotation Failed', error, 'The secret could not be rotated; the current one still signs. Please try again.')),
      }),
    sendTest: (destination: AlertDestination) =>
      test.mutate(destination.id, {
        onSuccess: () => showToast(success('Test Sent', `A sample alert is on its way to ${destinationName(destination)}; its delivery shows below.`)),
        onError: (error) => showToast(failure('Test Failed', error, 'The sample alert could not be sent. Please try again.')),
      }),
  };
}
