// src/domain runs in the browser and on the server, so it may depend on nothing else here and
// on no Node-only API. This guards the rule until a lint rule does.
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['./**/*.ts', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const importsOf = (text: string) =>
  [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? '');

describe('src/domain boundaries', () => {
  it('finds the domain sources', () => {
    expect(Object.keys(sources)).toContain('./pricing.ts');
    expect(Object.keys(sources)).toContain('./schemas/order.ts');
  });

  it('reads multi-line and type-only imports', () => {
    expect(importsOf("import type { A } from './a';\nimport {\n  b,\n  c,\n} from '../b';")).toEqual([
      './a',
      '../b',
    ]);
  });

  it('imports only zod and other domain files', () => {
    for (const [file, text] of Object.entries(sources)) {
      for (const spec of importsOf(text)) {
        const allowed = spec === 'zod' || spec === 'vitest' || spec.startsWith('./') || spec.startsWith('../');
        expect(allowed, `${file} imports ${spec}`).toBe(true);
        expect(spec, `${file} reaches outside src/domain`).not.toMatch(/(server|web)\//);
        expect(spec, `${file} has a file extension`).not.toMatch(/\.(ts|js)$/);
      }
    }
  });

  it('uses no Node-only globals', () => {
    for (const [file, text] of Object.entries(sources)) {
      expect(text, file).not.toMatch(/\b(process\.|Buffer\b|require\(|__dirname|node:)/);
    }
  });
});
