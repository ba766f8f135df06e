// Four loops posting a 1 MB body nested 520,000 levels deep (through /sandbox/pay, which needs no login) used to
// stall the catalogue for seconds (bench/README.md). The row measures the catalogue with the loops running.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'hostile-client.mjs');

export interface HostileCounts {
  sent: number;
  /** Answered 400 JSON_TOO_DEEP. */
  refused: number;
  /** Connection closed by the shop before the whole body was written (it had refused it already). */
  cut: number;
}

/** Starts the loops in a process of their own; stop() ends them and answers what they sent and how it ended. */
export function startHostileJsonLoops(url: string, loops = 4): { stop(): Promise<HostileCounts> } {
  const child = spawn(process.execPath, [CLIENT, url, String(loops)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return {
    async stop() {
      child.stdin.write('stop\n');
      await once(child, 'exit');
      return JSON.parse(output) as HostileCounts;
    },
  };
}
