import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod-jitless', () => {
  afterEach(() => {
    delete globalThis.__zod_globalConfig;
    vi.resetModules();
  });

  it('is what zod reads once zod loads after it', async () => {
    delete globalThis.__zod_globalConfig;
    vi.resetModules();
    await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });

  it('never lets zod probe `new Function` when it parses an object', async () => {
    delete globalThis.__zod_globalConfig;
    vi.resetModules();
    await import('./zod-jitless');
    const { z } = await import('zod');
    const probe = vi.spyOn(globalThis, 'Function');
    try {
      expect(z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
      expect(probe).not.toHaveBeenCalled();
    } finally {
      probe.mockRestore();
    }
  });
});
