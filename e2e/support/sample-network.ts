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

async function liveCounts(): Promise<{ activeSlots: number; standbyNodes: number }> {
  // A refresh asks the network service for a poll now rather than at its next scheduled one.
  await fetch(`${BASE_URL}/api/shardeum-network/refresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const { data } = NetworkDataReplySchema.parse(await (await fetch(`${BASE_URL}/api/shardeum-network`)).json());
  return { activeSlots: data.activeSlots, standbyNodes: data.standbyNodes };
}

/**
 * Returns once the network service reads the sample network at rest, moving the stand-in on a cycle at
 * a time (POST /stand-in/advance) past a rotation under way. The next rotation is ~9 cycles (minutes)
 * away then, longer than any one test.
 */
export async function sampleNetworkAtRest(): Promise<void> {
  let last = await liveCounts();
  for (let moved = 0; moved < 12; moved += 1) {
    if (last.activeSlots === SAMPLE_AT_REST.activeSlots && last.standbyNodes === SAMPLE_AT_REST.standbyNodes) return;
    const res = await fetch(`${STAND_IN}/stand-in/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cycles: 1 }) });
    if (!res.ok) throw new Error(`the stand-in did not advance: ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    last = await liveCounts();
  }
  throw new Error(`the sample network did not come to rest: ${JSON.stringify(last)}, wanted ${JSON.stringify(SAMPLE_AT_REST)}`);
}
