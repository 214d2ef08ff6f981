import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signatureHeaders } from './webhook-signing';

describe('Standard Webhooks signing', () => {
  it("when signing the spec library's test vector, then the signature is the one it documents", () => {
    // libraries/javascript/src/webhook.test.ts of standard-webhooks/standard-webhooks, "sign function works".
    const headers = signatureHeaders('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', '{"test": 2432232314}', new Date(1614265330 * 1000));
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('when the timestamp has milliseconds, then it is sent in whole seconds, rounded down', () => {
    expect(signatureHeaders(newWebhookSecret(), 'id', '{}', new Date('2026-02-01T00:00:00.999Z'))['webhook-timestamp']).toBe('1769904000');
  });

  it('when a secret is made, then it is whsec_ and the base64 of 32 random bytes, a new one each time, and the library takes it', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
    const now = new Date();
    expect(() => new Webhook(a).verify('{"x":1}', signatureHeaders(a, 'msg_1', '{"x":1}', now))).not.toThrow();
  });
});
