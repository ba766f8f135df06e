import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopBlockReport {
  /** The longest time the event loop was held by code running on it, in ms. */
  longestBlockMs: number;
  /** The longest delay of a timer, in ms (monitorEventLoopDelay): code holding the loop, or the machine too busy to run it. */
  longestDelayMs: number;
  /** Whether the thread's own CPU time was available, so the two could be told apart. */
  measuredCpu: boolean;
  samples: number;
}

const SCHEDSTAT = '/proc/thread-self/schedstat';

/** Nanoseconds this thread has run on a CPU (Linux), or null where the kernel does not say. */
function threadCpuNs(): number | null {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/**
 * How long code held the event loop at a time. A timer that should fire every few milliseconds fires late either
 * because code held the loop or because a busy machine (two cores shared by several test runs) did not run this
 * process at all. monitorEventLoopDelay sees both. The thread's run time over the same gap (from the kernel's
 * scheduler statistics) counts only the first, so a gap counts as blocking for the time the thread actually ran.
 */
export function startLoopBlockProbe(intervalMs = 5): { stop(): LoopBlockReport } {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const measuredCpu = threadCpuNs() !== null;
  let lastAt = performance.now();
  let lastCpu = threadCpuNs() ?? 0;
  let longestBlockMs = 0;
  let samples = 0;
  const sample = () => {
    const now = performance.now();
    const cpu = threadCpuNs() ?? 0;
    const gapMs = now - lastAt;
    const ranMs = measuredCpu ? (cpu - lastCpu) / 1e6 : gapMs;
    longestBlockMs = Math.max(longestBlockMs, Math.min(gapMs, ranMs));
    lastAt = now;
    lastCpu = cpu;
    samples += 1;
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      sample();
      clearInterval(timer);
      delay.disable();
      return { longestBlockMs, longestDelayMs: delay.max / 1e6, measuredCpu, samples };
    },
  };
}
