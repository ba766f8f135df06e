// No folder under src/server imports, through any chain of imports, a folder that imports it back. Type-only
// imports count too: a cycle of types is still two folders that cannot be read or changed one at a time.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER, importsOf, sourceFiles, ROOT } from './source-imports';

const serverDir = path.relative(ROOT, SERVER);

/** The capability folder a file is in; files at the top of src/server (app, routes, context) are the root. */
function folderOf(file: string): string | null {
  const rest = path.relative(serverDir, file);
  if (rest.startsWith('..')) return null;
  const parts = rest.split(path.sep);
  return parts.length > 1 ? parts[0]! : null;
}

/** Folder → folders it imports (the composition root at the top of src/server is left out: it wires all). */
export function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SERVER)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const from = folderOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const imported of importsOf(file)) {
      const to = imported.target ? folderOf(imported.target) : null;
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Each strongly connected set of two or more folders, with one cycle through it spelled out. */
export function folderCycles(graph: Map<string, Set<string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => cycleThrough(graph, group)).sort();
}

/** A shortest way from the group's first folder back to itself, inside the group: "a → b → a". */
function cycleThrough(graph: Map<string, Set<string>>, group: string[]): string {
  const start = group[0]!;
  const inGroup = new Set(group);
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of [...(graph.get(node) ?? [])].sort()) {
      if (!inGroup.has(to)) continue;
      if (to === start) {
        const way = [node];
        while (way[0] !== start) way.unshift(previous.get(way[0]!)!);
        return [...way, start].join(' → ') + `   (all of: ${group.join(', ')})`;
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return group.join(' ↔ ');
}

describe('architecture: folders under src/server', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(folderCycles(graph)).toEqual(['a → b → c → a   (all of: a, b, c)']);
  });

  it('import one another in one direction only: no folder cycles', () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(folderCycles(graph)).toEqual([]);
  });
});
