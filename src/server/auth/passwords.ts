import argon2 from 'argon2';

// OWASP password storage cheat sheet, argon2id: 7 MiB of memory, 5 iterations, parallelism 1, the last of its
// equally strong settings (46 MiB × 1 was used before). Each hash runs on a thread-pool thread with a block of
// that size, and every pool thread may hash at once under a wave of sign-ins, each keeping its block even after
// glibc frees it; the smallest block keeps the shop's resident memory within its target. The CPU per hash is about
// the same (fewer bytes, more passes). Hashes stored with other parameters still verify.
const OPTIONS = { type: argon2.argon2id, memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;

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
