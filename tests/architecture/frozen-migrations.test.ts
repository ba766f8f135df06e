// Migrations are frozen history: what one did must not change when live code changes later. So a migration
// imports only kysely, its sibling migrations, and types (erased when compiled); text it needs is copied in.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importsOf, sourceFiles } from './source-imports';

const MIGRATIONS = path.join(ROOT, 'src/server/db/migrations');
const migrationsDir = path.relative(ROOT, MIGRATIONS);

function liveImports(): string[] {
  return sourceFiles(MIGRATIONS)
    .flatMap(importsOf)
    .filter((i) => !i.typeOnly && i.specifier !== 'kysely' && !(i.target && !path.relative(migrationsDir, i.target).startsWith('..')))
    .map((i) => `${i.from} imports '${i.specifier}'`);
}

describe('architecture: migrations', () => {
  it('are read: every migration file is found, and its kysely import with it', () => {
    const files = sourceFiles(MIGRATIONS);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(importsOf).some((i) => i.specifier === 'kysely')).toBe(true);
  });

  it('import no live code: only kysely, each other and types', () => {
    expect(liveImports()).toEqual([]);
  });
});
