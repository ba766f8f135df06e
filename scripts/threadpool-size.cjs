// Preloaded by `npm start` (node --require): sizes libuv's thread pool to the machine before anything can use it.
// It has to be CommonJS and preloaded: an ES module entry is itself read through the pool, which starts the pool
// at libuv's default of 4 threads before the module's first line runs.
//
// Why: the pool's heavy work here is CPU-bound (argon2id password hashes, and compressing large answers), so
// threads beyond the machine's cores add no throughput, while each thread that has hashed a password keeps its 7 MiB
// of argon2 memory in its own malloc arena for the life of the process (decision 034). On a 2-core server, 2 threads
// instead of 4 hold two such blocks less (`npm run bench:load`). Its other work (file reads for static files and
// pages, DNS lookups) is short, and mostly served from the OS page cache. A value set in the environment wins, and
// child processes (the build `npm start` may run first) inherit it. os.availableParallelism() counts the CPUs the
// process may run on; a container's CPU quota is not among them, so a quota-limited container may want the variable.
const os = require('node:os');

const MIN_THREADS = 2;
const MAX_THREADS = 4;

if (!process.env.UV_THREADPOOL_SIZE) {
  process.env.UV_THREADPOOL_SIZE = String(Math.min(MAX_THREADS, Math.max(MIN_THREADS, os.availableParallelism())));
}
