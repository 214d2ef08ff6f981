import type { NodeChange, NodeState } from '@shm/contracts';
import { changeAlert } from './alert-messages';
import { EMPTY_EPISODE, decide, type EpisodeRules } from './episodes';

const KEY = '3c'.repeat(32);
const RULES: EpisodeRules = { reminderMs: 24 * 3_600_000, flapCycles: 10 };
const figures = { rewardPerHour: 8, earnedSHM: null };

const below = (state: NodeState, minimum: NodeChange['minimum']): NodeChange => ({
  id: `${minimum?.version}:${KEY}:version-below-minimum`,
  publicKey: KEY,
  kind: 'version-below-minimum',
  from: state,
  to: state,
  cycle: 205,
  at: '2026-03-01T13:45:00.000Z',
  version: '1.16.3',
  minimum,
});

describe('a version below the network minimum, as told', () => {
  it('when a node in standby is below a minimum announced for cycle 210, then it is a problem outside any episode, saying it earns nothing until updated', () => {
    const change = below('standby', { version: '1.17.0', cycle: 210, inForce: false });
    const { told, next } = decide(EMPTY_EPISODE, change, RULES);
    expect(told).toEqual({ phase: 'problem', trigger: 'version-below-minimum', episodeId: null });
    expect(next.open).toBeNull();
    expect(changeAlert(change, 'Rack 3', told ?? { phase: 'info', trigger: 'lost', episodeId: null }, figures).message).toBe(
      "Node Rack 3 runs version 1.16.3, below the network's minimum 1.17.0 (from cycle 210): the network drops it from standby and refuses its joins, so it cannot be selected and earns nothing; update it and rejoin",
    );
  });

  it('when an active node is below the minimum in force, then it is told its period still pays and the next join is refused', () => {
    const change = below('active', { version: '1.17.0', cycle: 200, inForce: true });
    const told = decide(EMPTY_EPISODE, change, RULES).told;
    expect(told?.phase).toBe('problem');
    expect(changeAlert(change, undefined, told ?? { phase: 'info', trigger: 'lost', episodeId: null }, figures).message).toBe(
      `Node 3c3c3c3c…3c3c runs version 1.16.3, below the network's minimum 1.17.0 (in force since cycle 200): it keeps its reward for this active period, but its next join will be refused; update it before it rotates out`,
    );
  });

  it('when the node rejoins at or above the minimum, then a recovery naming the problem’s id, outside any episode', () => {
    const updated: NodeChange = { ...below('standby', { version: '1.17.0', cycle: 210, inForce: true }), id: `1.17.0:${KEY}:version-updated`, kind: 'version-updated', cycle: 230, version: '1.17.1' };
    const { told, next } = decide(EMPTY_EPISODE, updated, RULES);
    expect(told).toEqual({ phase: 'recovery', trigger: 'version-updated', episodeId: `1.17.0:${KEY}:version-below-minimum` });
    expect(next.open).toBeNull();
    expect(changeAlert(updated, 'Rack 3', told ?? { phase: 'info', trigger: 'lost', episodeId: null }, figures).message).toBe(
      "Recovered: Node Rack 3 rejoined standby at cycle 230 with version 1.17.1, at or above the network's minimum 1.17.0: the network accepts its joins again, so it can be selected and earn",
    );
  });

  it('when a node with an open loss is below the minimum, then both are told and the loss episode stays open', () => {
    const lost: NodeChange = { id: `200:${KEY}:lost`, publicKey: KEY, kind: 'lost', from: 'active', to: 'active', cycle: 200, at: '2026-03-01T13:40:00.000Z' };
    const opened = decide(EMPTY_EPISODE, lost, RULES);
    const version = decide(opened.next, below('active', { version: '1.17.0', cycle: 200, inForce: true }), RULES);
    expect(version.told).toEqual({ phase: 'problem', trigger: 'version-below-minimum', episodeId: null });
    expect(version.next.open?.id).toBe(lost.id);
    // The same change again (a replay) tells nothing.
    expect(decide(version.next, below('active', { version: '1.17.0', cycle: 200, inForce: true }), RULES).told).toBeNull();
  });
});
