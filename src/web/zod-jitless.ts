// zod compiles object parsers with `new Function` after probing whether it may; under the shop's CSP
// (no 'unsafe-eval') that probe is refused and reported as a violation on every page. Its plain parsers are fast
// enough for forms and API answers, so the browser never asks. Imported first by main.tsx, before any parse.
import { config } from 'zod/v4/core';

config({ jitless: true });
