import type { NodeChange, NodeChangeKind } from '@shm/contracts';
import { EMPTY_EPISODE, decide, remind, type EpisodeRules, type EpisodeState } from './episodes';

const KEY = 'ef'.repeat(32);
const RULES: EpisodeRules = { reminderMs: 24 * 3_600_000, flapCycles: 10 };
/** Cycle 100 starts at 12:00; cycles are a minute. */
const atCycle = (cycle: number) => new Date(Date.parse('2026-03-01T12:00:00.000Z') + (cycle - 100) * 60_000).toISOString();
const change = (kind: NodeChangeKind, cycle: number): NodeChange => ({ id: `${cycle}:${KEY}:${kind}`, publicKey: KEY, kind, from: 'active', to: 'active', cycle, at: atCycle(cycle) });

/** Runs changes in order; answers what was told, as `phase:trigger`, and the state after. */
function run(changes: NodeChange[], from: EpisodeState = EMPTY_EPISODE) {
  let state = from;
  const told: string[] = [];
  for (const c of changes) {
    const decision = decide(state, c, RULES);
    if (decision.told) told.push(`${decision.told.phase}:${decision.told.trigger}`);
    state = decision.next;
  }
  return { told, state };
}

describe('node episodes', () => {
  it('when a node goes standby → selected → active → removed, then 3 info alerts and no episode (standby-added alone tells nothing)', () => {
    const { told, state } = run([change('standby-added', 100), change('selected', 101), change('activated', 103), change('removed', 110)]);
    expect(told).toEqual(['info:selected', 'info:activated', 'info:removed']);
    expect(state.open).toBeNull();
    expect(state.lastClosed).toBeNull();
  });

  it('when a node is lost and refutes the next cycle (a flap), then 1 problem and 1 recovery, both of the episode the loss opened', () => {
    const lost = change('lost', 200);
    const opened = decide(EMPTY_EPISODE, lost, RULES);
    expect(opened.told).toEqual({ phase: 'problem', trigger: 'lost', episodeId: lost.id });
    const ended = decide(opened.next, change('refuted', 201), RULES);
    expect(ended.told).toEqual({ phase: 'recovery', trigger: 'refuted', episodeId: lost.id, since: { cycle: 200, at: atCycle(200) } });
    expect(ended.next.open).toBeNull();
    expect(ended.next.lastClosed).toEqual({ id: lost.id, worst: 'lost', closedCycle: 201 });
  });

  it('when the node flaps again within the flap window (10 cycles), then the second loss and its refutation tell nothing: 2 messages for 4 changes', () => {
    const { told } = run([change('lost', 200), change('refuted', 201), change('lost', 205), change('refuted', 206)]);
    expect(told).toEqual(['problem:lost', 'recovery:refuted']);
  });

  it('when it is lost again after the window (11 cycles after the recovery), then it is a new episode: told again', () => {
    const { told } = run([change('lost', 200), change('refuted', 201), change('lost', 212), change('refuted', 213)]);
    expect(told).toEqual(['problem:lost', 'recovery:refuted', 'problem:lost', 'recovery:refuted']);
  });

  it('when a loss ends in apoptosis and the node rejoins standby, then: lost, apoptosized (worse, same episode), one recovery', () => {
    const lost = change('lost', 300);
    const decisions = [lost, change('apoptosized', 301), change('standby-added', 340)].reduce<{ state: EpisodeState; out: unknown[] }>(
      ({ state, out }, next) => {
        const d = decide(state, next, RULES);
        return { state: d.next, out: [...out, d.told && [d.told.phase, d.told.trigger, d.told.episodeId]] };
      },
      { state: EMPTY_EPISODE, out: [] },
    );
    expect(decisions.out).toEqual([
      ['problem', 'lost', lost.id],
      ['problem', 'apoptosized', lost.id],
      ['recovery', 'standby-added', lost.id],
    ]);
  });

  it('when an open episode sees the same problem again or a milder one, then only the first is told', () => {
    const { told } = run([change('standby-removed', 400), change('standby-removed', 401), change('lost', 402)]);
    // lost (1) is milder than a missed refresh (2): the episode stays, nothing more told.
    expect(told).toEqual(['problem:standby-removed']);
  });

  it('when a node dropped from standby rejoins, then the rejoin is the recovery (a refutation on the way answers only a loss)', () => {
    const { told, state } = run([change('standby-removed', 500), change('refuted', 501), change('standby-added', 502)]);
    // A refutation answers only a loss.
    expect(told).toEqual(['problem:standby-removed', 'recovery:standby-added']);
    expect(state.open).toBeNull();
  });

  it('when a problem ends by the node going active again, then that one message is the recovery (not an info alert besides)', () => {
    const { told } = run([change('vanished', 600), change('activated', 630)]);
    expect(told).toEqual(['problem:vanished', 'recovery:activated']);
  });

  it('when a silent (flap) episode ends by activation, then the activation is still told as info', () => {
    const { told } = run([change('standby-removed', 700), change('standby-added', 701), change('standby-removed', 703), change('selected', 704)]);
    expect(told).toEqual(['problem:standby-removed', 'recovery:standby-added', 'info:selected']);
  });

  it('when the same change is decided again (a replayed event), then nothing is told and the state is unchanged', () => {
    const lost = change('lost', 800);
    const once = decide(EMPTY_EPISODE, lost, RULES);
    const again = decide(once.next, lost, RULES);
    expect(again).toEqual({ told: null, next: once.next });
  });

  it('when stuck-active opens an episode, then leaving the active set (removed) is its recovery', () => {
    const activated = change('activated', 900);
    const stuck = decide(EMPTY_EPISODE, activated, RULES, { trigger: 'stuck-active', id: `${activated.id}:stuck-active`, cycle: 1500, at: atCycle(1500) });
    expect(stuck.told).toEqual({ phase: 'problem', trigger: 'stuck-active', episodeId: `${activated.id}:stuck-active` });
    // Reminded a day after it was found (cycle 1 500), not after the activation.
    expect(stuck.next.open).toMatchObject({ openedCycle: 1500, nextReminderAt: new Date(Date.parse(atCycle(1500)) + RULES.reminderMs).toISOString() });
    expect(decide(stuck.next, change('removed', 2000), RULES).told).toMatchObject({ phase: 'recovery', trigger: 'removed' });
  });
});

describe('reminders of an open episode', () => {
  const opened = decide(EMPTY_EPISODE, change('standby-removed', 100), RULES).next;
  const at = (iso: string) => new Date(iso);

  it('when less than a day has passed since it opened (12:00), then no reminder', () => {
    expect(remind(opened, at('2026-03-02T11:59:59.999Z'), RULES)).toBeNull();
  });

  it('when a day has passed, then reminder 1, and the next one is due a day after that', () => {
    const first = remind(opened, at('2026-03-02T12:00:00.000Z'), RULES);
    expect(first?.reminderId).toBe(`100:${KEY}:standby-removed:reminder-1`);
    expect(first?.told).toEqual({ phase: 'reminder', trigger: 'standby-removed', episodeId: `100:${KEY}:standby-removed`, since: { cycle: 100, at: atCycle(100) } });
    expect(first?.next.open?.nextReminderAt).toBe('2026-03-03T12:00:00.000Z');
    if (!first) throw new Error('no first reminder');
    expect(remind(first.next, at('2026-03-03T11:00:00.000Z'), RULES)).toBeNull();
    expect(remind(first.next, at('2026-03-03T12:00:00.000Z'), RULES)?.reminderId).toBe(`100:${KEY}:standby-removed:reminder-2`);
  });

  it('when the service was away three days, then one reminder, and the next a day after now (not one per missed day)', () => {
    const late = remind(opened, at('2026-03-05T09:00:00.000Z'), RULES);
    expect(late?.reminderId).toBe(`100:${KEY}:standby-removed:reminder-1`);
    expect(late?.next.open?.nextReminderAt).toBe('2026-03-06T09:00:00.000Z');
  });

  it('when no episode is open, then no reminder', () => {
    expect(remind(EMPTY_EPISODE, at('2030-01-01T00:00:00.000Z'), RULES)).toBeNull();
  });
});
