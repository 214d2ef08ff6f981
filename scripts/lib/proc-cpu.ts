// CPU time of a process from /proc, which counts what the process itself used, whatever else the
// machine runs (unlike requests/s on a shared machine).
import { readFileSync } from 'node:fs';

/** utime + stime of a process, in ms (the kernel counts in clock ticks, 100 per second here); NaN once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}
