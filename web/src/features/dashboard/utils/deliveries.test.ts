import { describeDelivery } from './deliveries';

describe('describeDelivery', () => {
  it('when delivered, then Delivered with its attempts', () => {
    expect(describeDelivery({ status: 'delivered', attempts: 1, lastError: null })).toMatchObject({ label: 'Delivered', detail: 'Delivered after 1 attempt' });
  });

  it('when retrying, then the attempts and the last error', () => {
    expect(describeDelivery({ status: 'retrying', attempts: 2, lastError: 'HTTP 500' })).toMatchObject({
      label: 'Retrying',
      detail: 'Retrying (2 attempts, last error: HTTP 500)',
    });
    expect(describeDelivery({ status: 'retrying', attempts: 1, lastError: null }).detail).toBe('Retrying (1 attempt)');
  });

  it('when dead-lettered, then Failed after the last attempt, with the error', () => {
    expect(describeDelivery({ status: 'dead', attempts: 5, lastError: 'ECONNREFUSED' })).toMatchObject({
      label: 'Failed',
      severity: 'danger',
      detail: 'Failed after 5 attempts: ECONNREFUSED',
    });
  });

  it('when pending, then Pending', () => {
    expect(describeDelivery({ status: 'pending', attempts: 0, lastError: null }).label).toBe('Pending');
  });
});
