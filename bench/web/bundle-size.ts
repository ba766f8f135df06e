// First-load JavaScript of the storefront: the entry chunk of dist/web/index.html plus every chunk it imports
// statically (what a browser must fetch before the app runs), gzip-compressed. With `--sourcemap` builds it
// also says which source modules those bytes come from.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface FirstLoad {
  chunks: ChunkSize[];
  bytes: number;
  gzip: number;
}

const gzipBytes = (data: Buffer) => gzipSync(data, { level: 9 }).length;

/** Relative chunk names a built ES module imports statically: `import{x}from"./a.js"` and `import"./b.js"`. */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) found.add(m[1] ?? '');
  for (const m of code.matchAll(/\bfrom\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) found.add(m[1] ?? '');
  found.delete('');
  return [...found];
}

export function firstLoadJs(webDir: string): FirstLoad {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  if (entries.length === 0) throw new Error(`no module script in ${webDir}/index.html`);
  const seen = new Set<string>();
  const queue = [...entries];
  const chunks: ChunkSize[] = [];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const full = path.join(webDir, file);
    if (!existsSync(full)) throw new Error(`${file} is imported but missing from ${webDir}`);
    const data = readFileSync(full);
    chunks.push({ file, bytes: data.length, gzip: gzipBytes(data) });
    for (const rel of staticImports(data.toString('utf8'))) queue.push(path.posix.join(path.posix.dirname(file), rel));
  }
  chunks.sort((a, b) => b.gzip - a.gzip);
  return { chunks, bytes: chunks.reduce((s, c) => s + c.bytes, 0), gzip: chunks.reduce((s, c) => s + c.gzip, 0) };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Source index of each generated segment per line, decoded from a source map's VLQ mappings. */
function decodeSegments(mappings: string): { line: number; column: number; source: number }[] {
  const out: { line: number; column: number; source: number }[] = [];
  let source = 0;
  mappings.split(';').forEach((lineText, line) => {
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length >= 4) {
        source += values[1] ?? 0;
        out.push({ line, column, source });
      }
    }
  });
  return out;
}

/** Which package or source file the bytes of a chunk come from (by its .map), largest first, in bytes. */
export function attribute(chunkFile: string): Map<string, number> {
  const code = readFileSync(chunkFile, 'utf8').split('\n');
  // The bundler's own runtime chunk comes with no map: its bytes are the bundler's.
  if (!existsSync(`${chunkFile}.map`)) return new Map([['(bundler runtime)', code.join('\n').length]]);
  const map = JSON.parse(readFileSync(`${chunkFile}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const owner = (source: string) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    return pkg ? `npm:${pkg[1]}` : source.replace(/^(\.\.\/)+/, '');
  };
  const sizes = new Map<string, number>();
  const segments = decodeSegments(map.mappings);
  segments.forEach((s, i) => {
    const next = segments[i + 1];
    const lineLength = code[s.line]?.length ?? 0;
    const end = next && next.line === s.line ? next.column : lineLength;
    const name = owner(map.sources[s.source] ?? '?');
    sizes.set(name, (sizes.get(name) ?? 0) + Math.max(0, end - s.column));
  });
  return new Map([...sizes.entries()].sort((a, b) => b[1] - a[1]));
}
