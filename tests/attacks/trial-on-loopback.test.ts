// Attack suite: PUBLIC_URL unset defaulted to localhost, which counts as this machine, while HOST defaulted to
// 0.0.0.0: a default deploy answered anyone who reached its port, with the sandbox gateway, so strangers paid for
// real orders with the test card. Now, without PUBLIC_URL the shop listens on this machine only and says so at start;
// the sandbox runs only on a shop that only this machine reaches (or with PAYMENT_SANDBOX=1); and NODE_ENV=production
// without PUBLIC_URL refuses to start.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, sandboxMayRun, startupProblem } from '../../src/server/config';
import { chooseGateway } from '../../src/server/payments/gateway-choice';
import { freePort, prepareDatabase, removeServerBundle, shopEnv, startShopProcess, serverBundle } from '../faults/server-process';
import { spawn } from 'node:child_process';

const lanAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('attack: a default deploy that strangers can pay on with the test card', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-trial-'));
  });
  afterAll(async () => {
    await removeServerBundle();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = (extra: Record<string, string> = {}) => ({ DATA_DIR: dataDir, ...extra });

  it('without PUBLIC_URL the shop listens on this machine only', () => {
    const config = loadConfig(env());
    expect(config.HOST).toBe('localhost');
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig(env({ PUBLIC_URL: 'http://127.0.0.1:4313' })).HOST).toBe('localhost');
    // A public address: every interface, for the proxy in front; HOST still wins when given.
    expect(loadConfig(env({ PUBLIC_URL: 'https://ghee.example.in' })).HOST).toBe('0.0.0.0');
    expect(loadConfig(env({ PUBLIC_URL: 'https://ghee.example.in', HOST: '10.0.0.5' })).HOST).toBe('10.0.0.5');
  });

  it('the sandbox may run only where no stranger reaches the shop, or when asked for', () => {
    expect(sandboxMayRun(loadConfig(env())).allowed).toBe(true);
    expect(sandboxMayRun(loadConfig(env({ PUBLIC_URL: 'https://ghee.example.in' })))).toMatchObject({ allowed: false, why: expect.stringMatching(/public/) });
    // Listening on every interface while claiming to be localhost: other machines reach it, so no sandbox.
    const open = loadConfig(env({ HOST: '0.0.0.0' }));
    expect(sandboxMayRun(open)).toMatchObject({ allowed: false, why: expect.stringMatching(/HOST=0\.0\.0\.0/) });
    expect(chooseGateway(open).kind).toBe('off');
    expect(sandboxMayRun(loadConfig(env({ PUBLIC_URL: 'https://ghee.example.in', PAYMENT_SANDBOX: '1' })))).toMatchObject({
      allowed: true,
      why: expect.stringMatching(/PAYMENT_SANDBOX=1/),
    });
  });

  it('NODE_ENV=production without PUBLIC_URL is a start-up problem that says what to set', () => {
    expect(startupProblem(loadConfig(env({ NODE_ENV: 'production' })))).toMatch(/PUBLIC_URL.*https:\/\//);
    expect(startupProblem(loadConfig(env({ NODE_ENV: 'production', PUBLIC_URL: 'https://ghee.example.in' })))).toBeNull();
    expect(startupProblem(loadConfig(env()))).toBeNull();
  });

  it('the built server refuses to start in production without PUBLIC_URL, with the message, and exits 1', async () => {
    const main = await serverBundle();
    const child = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/NODE_ENV=production needs PUBLIC_URL/);
  });

  it('started with no PUBLIC_URL, the built shop answers on loopback only, says so, and strangers cannot reach it', async () => {
    const shopDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-trial-shop-'));
    const base = shopEnv(shopDir, { LOG_LEVEL: 'info' });
    const { HOST: _host, NODE_ENV: _env, ...withoutHost } = base;
    await prepareDatabase(withoutHost);
    const port = await freePort();
    const shop = await startShopProcess({ ...withoutHost, PORT: String(port) }, { publicUrl: null });
    try {
      // Said right after listening, so it may reach the output a moment after the shop starts answering.
      await expect.poll(() => shop.output(), { timeout: 10_000 }).toMatch(/on this machine only/);
      expect((await fetch(`http://127.0.0.1:${port}/api/checkout/config`).then((r) => r.json())) as object).toMatchObject({ gateway: 'sandbox' });
      const lan = lanAddress();
      if (lan) {
        const outside = await fetch(`http://${lan}:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => r.status,
          () => 'refused',
        );
        expect(outside).toBe('refused');
      }
    } finally {
      await shop.kill('SIGKILL');
      rmSync(shopDir, { recursive: true, force: true });
    }
  });
});
