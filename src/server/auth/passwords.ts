import argon2 from 'argon2';

// OWASP password storage cheat sheet, argon2id: 46 MiB of memory, 1 iteration, parallelism 1 (the first of its
// equally strong settings; 19 MiB with 2 iterations is another). The larger block keeps the shop small: once a
// block under 32 MiB has been freed, glibc serves blocks that size from the thread's arena and keeps them
// resident, so every thread-pool thread that had hashed with 19 MiB held 19 MiB for good (measured); a block over
// 32 MiB is always mapped and unmapped. Hashes stored with other parameters still verify (read from the hash).
const OPTIONS = { type: argon2.argon2id, memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    // Still spend the time of a real check so a missing account or password cannot be told apart by timing.
    await argon2.hash(password, OPTIONS);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
