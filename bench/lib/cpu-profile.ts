// Reads the .cpuprofile files `node --cpu-prof` wrote and prints, per process, where the CPU time
// went: self time by package (or project file) and the top functions.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The parts of a V8 .cpuprofile read here. */
interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

interface SelfTime {
  fn: string;
  url: string;
  line: number;
  micros: number;
}

function ownerOf(url: string): string {
  if (!url) return '(native / idle / gc)';
  if (url.startsWith('node:')) return 'node internals';
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dep?.[1]) return dep[1];
  const own = /\/(services|packages|web)\/(.+)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

function selfTimes(profile: Profile): SelfTime[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const rows: SelfTime[] = [];
  for (const [id, micros] of self) {
    const callFrame = byId.get(id)?.callFrame;
    if (!callFrame) continue;
    rows.push({ fn: callFrame.functionName || '(anonymous)', url: callFrame.url, line: callFrame.lineNumber + 1, micros });
  }
  return rows;
}

export function summarizeProfiles(dir: string, pids: Record<string, number | undefined>, names = ['calc', 'gateway', 'web']): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  for (const name of names) {
    const file = files.find((f) => f.includes(`.${String(pids[name])}.`));
    if (!file) continue;
    const rows = selfTimes(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile);
    const busy = rows.filter((r) => !['(idle)', '(program)', '(garbage collector)'].includes(r.fn) || r.fn === '(garbage collector)');
    const total = busy.reduce((s, r) => s + r.micros, 0);
    const pct = (micros: number): string => `${((micros / total) * 100).toFixed(1)} %`.padStart(7);
    console.log(`\n${name}: ${(total / 1e6).toFixed(1)} s of CPU outside idle (${file})`);
    const byOwner = new Map<string, number>();
    for (const r of busy) {
      const owner = r.fn === '(garbage collector)' ? 'garbage collector' : ownerOf(r.url);
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + r.micros);
    }
    for (const [owner, micros] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${pct(micros)}  ${owner}`);
    console.log('  top functions:');
    for (const r of busy.sort((a, b) => b.micros - a.micros).slice(0, 12)) {
      console.log(`  ${pct(r.micros)}  ${r.fn}  ${ownerOf(r.url)}:${r.line}`);
    }
  }
}
