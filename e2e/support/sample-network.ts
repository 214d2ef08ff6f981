// The shared stack's stand-in plays the `sample` network (infra/stand-ins/main.ts): 255 active of
// which 22 community slots, 412 standby. The figures the calculator and network tests work out by hand
// assume it at rest. Its community slots rotate one at a time (240-cycle periods over 22 slots: one
// every ~11 cycles of 60 s), and while a successor syncs (2 cycles) only 21 are active; the e2e run is
// longer than the quiet stretch the stand-in starts in, so a test late in the run could land in a dip
// (10 × 720 × 21 / 433 = 349.19 SHM where 364.98 was worked out: a CI failure).
import { NetworkDataReplySchema } from '@shm/contracts';
import { BASE_URL } from './browser';

const STAND_IN = (process.env.ARCHIVER_URLS ?? '').replace(/[#,].*$/, '').replace(/\/$/, '');
export const SAMPLE_AT_REST = { activeSlots: 22, standbyNodes: 412 };

/** The counts of a snapshot polled after this call (a refresh asks for a poll now; the reply may still be the one before). */
async function freshCounts(): Promise<{ activeSlots: number; standbyNodes: number }> {
  const asked = Date.now();
  await fetch(`${BASE_URL}/api/shardeum-network/refresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  for (const deadline = asked + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const { data } = NetworkDataReplySchema.parse(await (await fetch(`${BASE_URL}/api/shardeum-network`)).json());
    if (Date.parse(data.lastUpdated) >= asked - 1_000) return { activeSlots: data.activeSlots, standbyNodes: data.standbyNodes };
  }
  throw new Error('the network service did not poll within 30 s of a refresh');
}

const atRest = (counts: { activeSlots: number; standbyNodes: number }) =>
  counts.activeSlots === SAMPLE_AT_REST.activeSlots && counts.standbyNodes === SAMPLE_AT_REST.standbyNodes;

/**
 * Returns once the network service reads the sample network at rest. In a rotation's dip it moves the
 * stand-in on by the dip's length (2 cycles, POST /stand-in/advance) once and reads again; the next
 * rotation is ~9 cycles (minutes) away then, longer than any one test.
 */
export async function sampleNetworkAtRest(): Promise<void> {
  const before = await freshCounts();
  if (atRest(before)) return;
  const res = await fetch(`${STAND_IN}/stand-in/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cycles: 2 }) });
  if (!res.ok) throw new Error(`the stand-in did not advance: ${res.status}`);
  const after = await freshCounts();
  if (!atRest(after)) throw new Error(`the sample network is not at rest after a rotation's dip: ${JSON.stringify(before)} then ${JSON.stringify(after)}, wanted ${JSON.stringify(SAMPLE_AT_REST)}`);
}
