// Issue 17: four loops posting a 1 MB body nested 520,000 levels deep (through /sandbox/pay, which needs no login)
// used to take the catalogue's p50 from 69 ms to 3–4 s. The row measures the catalogue with the loops running.

/** `[[[…]]]`, 520,000 levels, just under the 1 MB body limit. */
export const HOSTILE_JSON = '['.repeat(520_000) + ']'.repeat(520_000);

/** Four clients posting the hostile body back to back until stopped; answers how many were refused with a 400. */
export function startHostileJsonLoops(url: string, loops = 4): { stop(): Promise<{ sent: number; refused: number }> } {
  let running = true;
  let sent = 0;
  let refused = 0;
  const loop = async () => {
    while (running) {
      try {
        const res = await fetch(`${url}/sandbox/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: HOSTILE_JSON });
        await res.arrayBuffer();
        sent += 1;
        if (res.status === 400) refused += 1;
      } catch {
        // A connection the server closed after refusing the body early; the next attempt opens another.
        sent += 1;
      }
    }
  };
  const all = Array.from({ length: loops }, loop);
  return {
    async stop() {
      running = false;
      await Promise.all(all);
      return { sent, refused };
    },
  };
}
