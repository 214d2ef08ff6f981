import { deliveryIdOf, jobIdOf } from './alert-delivery.queue';

describe('delivery job ids', () => {
  const key = 'ab'.repeat(32);
  const destination = '6e2f4a8c-1b3d-4e5f-9a7b-8c0d2e4f6a1b';

  it.each([
    [`48213:${key}:activated:${destination}`, `48213_${key}_activated_${destination}`],
    [`48213:${key}:standby-removed:${destination}`, `48213_${key}_standby-removed_${destination}`],
    [`test:0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4:${destination}`, `test_0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4_${destination}`],
  ])('when the delivery is %s, then its job id has no ":" (BullMQ refuses them) and maps back', (deliveryId, jobId) => {
    expect(jobIdOf(deliveryId)).toBe(jobId);
    expect(deliveryIdOf(jobId)).toBe(deliveryId);
  });
});
