// The shared stack's stand-in plays the `sample` network (infra/stand-ins/main.ts): 255 active of
// which 22 community slots, 412 standby. The figures the calculator and network tests work out by hand
// assume it at rest. Its community slots rotate one at a time (240-cycle periods over 22 slots: one
// every ~11 cycles of 60 s), and while a successor syncs (2 cycles) only 21 are active; the e2e run is
// longer than the quiet stretch the stand-in starts in, so a test late in the run could land in a dip
// (10 × 720 × 21 / 433 = 349.19 SHM where 364.98 was worked out: a CI failure).
import { NetworkDataReplySchema } from '@shm/contracts';
import { BASE_URL } from './browser';

export const SAMPLE_AT_REST = { activeSlots: 22, standbyNodes: 412 };

const atRest = (data: { activeSlots: number; standbyNodes: number }) =>
  data.activeSlots === SAMPLE_AT_REST.activeSlots && data.standbyNodes === SAMPLE_AT_REST.standbyNodes;

/**
 * Returns once the network service reads the sample network at rest: in a rotation's dip it waits for
 * the service's own next polls (the dip lasts 2 cycles of 60 s), touching nothing. Asking for polls or
 * moving the stand-in on would change what the network tests after this one read. The next rotation
 * is ~9 cycles (minutes) away then, longer than any one test.
 */
export async function sampleNetworkAtRest(): Promise<void> {
  let last: unknown;
  for (const deadline = Date.now() + 200_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 1_000))) {
    const { data } = NetworkDataReplySchema.parse(await (await fetch(`${BASE_URL}/api/shardeum-network`)).json());
    if (atRest(data)) return;
    last = { activeSlots: data.activeSlots, standbyNodes: data.standbyNodes };
  }
  throw new Error(`the sample network did not come to rest within 200 s: ${JSON.stringify(last)}, wanted ${JSON.stringify(SAMPLE_AT_REST)}`);
}
