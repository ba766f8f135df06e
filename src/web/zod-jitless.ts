// zod compiles object parsers with `new Function` after probing whether it may; under the shop's CSP
// (no 'unsafe-eval') that probe is refused and reported as a violation on every page. Its plain parsers are fast
// enough for forms and API answers, so the browser never asks. Imported first by main.tsx, before any parse.
//
// zod keeps its settings on this global and adopts an object already there when it loads. Setting it here,
// rather than through zod's `config()`, keeps zod out of the first load: only the screens that parse load it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

export function setZodJitless(): void {
  // Set on the object zod holds if it loaded first (a chunk the entry imports statically is evaluated before it);
  // a new object would leave zod reading its old one and probing after all.
  globalThis.__zod_globalConfig ??= {};
  globalThis.__zod_globalConfig.jitless = true;
}

setZodJitless();
