import { isRetryableVerification } from './pay';

describe('isRetryableVerification', () => {
  it.each([
    ['Transaction not found on chain 8118 yet; it is checked again automatically', true],
    ['Transaction is being processed: waiting for its confirmation on chain 8118', true],
    ['Payment is Being Processed', true],
    ['Transaction was not sent to the payment address 0x1', false],
    ['Transaction has already been used for a payment', false],
    ['', false],
    [undefined, false],
  ])('when the failure says %p, then retrying is %p', (message, retry) => {
    expect(isRetryableVerification(message)).toBe(retry);
  });
});
