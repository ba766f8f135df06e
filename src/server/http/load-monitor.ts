import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Whether the event loop has lately been busy serving requests, for background work that can wait. */
export interface LoadMonitor {
  busy(): boolean;
}

/**
 * Busy when the event loop was running (not waiting for I/O) for more than `threshold` of the last window.
 * Sampled at most once a window, so asking is cheap.
 */
export function createLoadMonitor(options: { threshold?: number; windowMs?: number } = {}): LoadMonitor {
  const threshold = options.threshold ?? 0.75;
  const windowMs = options.windowMs ?? 500;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let lastAt = performance.now();
  let busy = false;
  return {
    busy() {
      const now = performance.now();
      if (now - lastAt >= windowMs) {
        const current = performance.eventLoopUtilization();
        busy = performance.eventLoopUtilization(current, last).utilization > threshold;
        last = current;
        lastAt = now;
      }
      return busy;
    },
  };
}
