import { newestFirst } from './alert-lists';
import { destinationName, emptyDestination, toDestinationRequest } from './alert-form';

describe('toDestinationRequest', () => {
  it('when a webhook has a chat id typed before switching channel, then no chat id is sent; the URL and label are trimmed', () => {
    expect(toDestinationRequest({ channel: 'webhook', url: ' https://hooks.example.com/a ', chatId: '123', label: ' Ops ' })).toEqual({
      channel: 'webhook',
      url: 'https://hooks.example.com/a',
      label: 'Ops',
    });
  });

  it('when Telegram, then the chat id goes; an empty label stays out', () => {
    expect(toDestinationRequest({ channel: 'telegram', url: 'https://api.telegram.org/botX/sendMessage', chatId: ' -1001 ', label: '' })).toEqual({
      channel: 'telegram',
      url: 'https://api.telegram.org/botX/sendMessage',
      chatId: '-1001',
    });
  });

  it('when Telegram without a chat id, then none is sent (the server names the missing field)', () => {
    expect('chatId' in toDestinationRequest({ ...emptyDestination(), channel: 'telegram', url: 'https://x' })).toBe(false);
  });
});

describe('destinationName', () => {
  it('when labelled, then the label in quotes; otherwise the channel', () => {
    expect(destinationName({ label: 'Ops room', channel: 'discord' })).toBe('"Ops room"');
    expect(destinationName({ label: ' ', channel: 'discord' })).toBe('Discord');
  });
});

describe('newestFirst', () => {
  it('when items come oldest first, then they are listed newest first and the input is untouched', () => {
    const items = [{ createdAt: '2026-03-01T10:00:00.000Z' }, { createdAt: '2026-03-02T10:00:00.000Z' }, { createdAt: '2026-03-01T11:00:00.000Z' }];
    expect(newestFirst(items).map((i) => i.createdAt.slice(0, 13))).toEqual(['2026-03-02T10', '2026-03-01T11', '2026-03-01T10']);
    expect(items[0]?.createdAt).toBe('2026-03-01T10:00:00.000Z');
  });
});
