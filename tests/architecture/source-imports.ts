// Reads the server's own imports as text, the way a reviewer would: every `import … from '…'`,
// `export … from '…'` and `import('…')` of every .ts file, resolved to the file it names.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER = path.join(ROOT, 'src/server');

export interface SourceImport {
  /** The importing file, relative to the repository root. */
  from: string;
  /** The specifier as written. */
  specifier: string;
  /** The file or folder it names, relative to the repository root; null for a package. */
  target: string | null;
  /** `import type` / `export type`: erased when compiled. */
  typeOnly: boolean;
}

/** Every .ts/.tsx file under `dir`, relative to the repository root, sorted. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) files.push(path.relative(ROOT, full));
    }
  };
  walk(dir);
  return files.sort();
}

const IMPORT = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Drops comments, so an import quoted in a comment is not read as one. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export function importsOf(file: string): SourceImport[] {
  const text = withoutComments(readFileSync(path.join(ROOT, file), 'utf8'));
  const found: SourceImport[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4];
    if (!specifier) continue;
    const typeOnly = match[2] !== undefined;
    const target = specifier.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), specifier)) : null;
    found.push({ from: file, specifier, target, typeOnly });
  }
  return found;
}
