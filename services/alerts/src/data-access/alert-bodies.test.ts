import type { NodeChange } from '@shm/contracts';
import { changeAlert as composeAlert, testAlert, type Figures } from '../domain/alert-messages';
import type { Told } from '../domain/episodes';
import { DISCORD_CONTENT_MAX, alertBody } from './alert-bodies';

const KEY = 'ab'.repeat(32);
const change: NodeChange = { id: `100:${KEY}:activated`, publicKey: KEY, kind: 'activated', from: 'syncing', to: 'active', cycle: 100, at: '2026-02-01T00:00:00.000Z' };
const ID = `${change.id}:dest-1`;
const FIGURES: Figures = { rewardPerHour: 10, earnedSHM: 0.666667 };
const info = (kind: NodeChange['kind']): Told => ({ phase: kind === 'lost' || kind === 'apoptosized' || kind === 'vanished' ? 'problem' : 'info', trigger: kind, episodeId: null });
const changeAlert = (c: NodeChange, label: string | undefined) => composeAlert(c, label, info(c.kind), FIGURES);

describe('alert bodies by channel', () => {
  it('when the channel is webhook, then the body is the generic JSON: id, type, change, label, message, at', () => {
    expect(alertBody({ channel: 'webhook', chatId: null }, ID, changeAlert(change, 'Rack 3'))).toEqual({
      id: ID,
      type: 'node.changed',
      change,
      nodeLabel: 'Rack 3',
      message: 'Node Rack 3 is active: reward clock started at cycle 100 at 10 SHM/h',
      phase: 'info',
      trigger: 'activated',
      episodeId: null,
      at: '2026-02-01T00:00:00.000Z',
    });
  });

  it('when the node has no label, then it is named by its key shortened: 8 characters … the last 4', () => {
    expect(alertBody({ channel: 'webhook', chatId: null }, ID, changeAlert({ ...change, kind: 'lost' }, undefined))).toMatchObject({
      nodeLabel: 'abababab…abab',
      message: 'Node abababab…abab was reported lost at cycle 100: a penalty may follow, whether it refutes or is removed (while the network’s slashing is on)',
    });
  });

  it.each([
    ['removed', 'Node N rotated out at cycle 100: 0.666667 SHM earned for the period, credited by the chain at the claim'],
    ['apoptosized', 'Node N left the active set (apoptosized) at cycle 100: 0.666667 SHM earned for the period, credited by the chain at the claim; a penalty may follow'],
    ['vanished', 'Node N vanished from every list at cycle 100: 0.666667 SHM earned for the period, credited by the chain at the claim'],
  ] as const)('when the change is %s, then the message says: %s', (kind, message) => {
    expect(changeAlert({ ...change, kind, from: 'active', to: 'gone' }, 'N').message).toBe(message);
  });

  it('when the channel is discord, then the body has content and an embed, and mentions are never parsed', () => {
    expect(alertBody({ channel: 'discord', chatId: null }, ID, changeAlert(change, 'Rack 3'))).toEqual({
      content: 'Node Rack 3 is active: reward clock started at cycle 100 at 10 SHM/h',
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: 'Rack 3',
          fields: [
            { name: 'Change', value: 'activated', inline: true },
            { name: 'State', value: 'syncing → active', inline: true },
            { name: 'Cycle', value: '100', inline: true },
            { name: 'Public key', value: KEY },
          ],
          timestamp: '2026-02-01T00:00:00.000Z',
        },
      ],
    });
  });

  it('when a discord message would be longer than 2000 characters, then its content is cut to 2000 with an ellipsis', () => {
    const body = alertBody({ channel: 'discord', chatId: null }, ID, changeAlert(change, 'x'.repeat(3000))) as { content: string };
    expect(body.content).toHaveLength(DISCORD_CONTENT_MAX);
    expect(body.content.endsWith('…')).toBe(true);
  });

  it('when the channel is telegram, then the body is sendMessage with the chat id and plain text', () => {
    expect(alertBody({ channel: 'telegram', chatId: '-100123' }, ID, changeAlert(change, 'Rack 3'))).toEqual({
      chat_id: '-100123',
      text: `Node Rack 3 is active: reward clock started at cycle 100 at 10 SHM/h\nCycle 100 · ${KEY}`,
    });
  });

  it('when it is a test alert, then the webhook body says type test with no change, and discord has no embed', () => {
    const alert = testAlert('Ops', '2026-02-01T00:00:00.000Z');
    expect(alertBody({ channel: 'webhook', chatId: null }, 'test:x:dest-1', alert)).toEqual({
      id: 'test:x:dest-1',
      type: 'test',
      change: null,
      nodeLabel: 'Test node',
      message: 'Test alert for Ops: this destination works',
      at: '2026-02-01T00:00:00.000Z',
    });
    expect(alertBody({ channel: 'discord', chatId: null }, 'test:x:dest-1', alert)).toEqual({
      content: 'Test alert for Ops: this destination works',
      allowed_mentions: { parse: [] },
    });
  });
});
