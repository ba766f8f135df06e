import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes any text and cleans what it keeps itself: a courier's webhook refused for its text would be
     * sent again and again, and never applied.
     */
    takesAnyText?: boolean;
  }
}

export const NUL_MESSAGE = 'Remove the invisible NUL character from this text; it cannot be stored.';

/**
 * Where the first string holding a NUL character sits (`items.0.name`), or null. PostgreSQL cannot store NUL
 * in text, so without this check such a string would reach the database and fail there as a 500. Walks with
 * its own stack so a deeply nested body cannot exhaust the call stack.
 */
export function findNul(root: unknown): string | null {
  // Most requests bring no body and an empty query and params: answered without walking.
  if (root === undefined || root === null || (typeof root === 'object' && isEmpty(root))) return null;
  interface Node {
    value: unknown;
    key: string;
    parent: Node | null;
  }
  const pathOf = (node: Node): string => {
    const keys: string[] = [];
    for (let n: Node | null = node; n?.parent; n = n.parent) keys.push(n.key);
    return keys.reverse().join('.') || '_';
  };
  const stack: Node[] = [{ value: root, key: '', parent: null }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(node);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const next = { value: child, key, parent: node };
        if (key.includes('\u0000')) return pathOf(next);
        stack.push(next);
      }
    }
  }
  return null;
}

function isEmpty(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** Answers 400 under the field when a JSON body or a query parameter carries a NUL character. */
export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook: every request passes here, and most have nothing to check.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config.takesAnyText) return done();
    const field = findNul(request.query) ?? findNul(request.params) ?? findNul(request.body);
    done(field === null ? undefined : badRequest(NUL_MESSAGE, { [field]: NUL_MESSAGE }));
  });
}
