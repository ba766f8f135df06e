import { describe, expect, it } from 'vitest';
import { looksLikeSlug, SLUG_FALLBACK, SLUG_MAX_LENGTH, slugify, slugsFor, uniqueSlug } from './slug';

describe('slugify', () => {
  it('lower-cases and joins words with single hyphens', () => {
    expect(slugify('A2 Desi Cow Ghee')).toBe('a2-desi-cow-ghee');
    expect(slugify('  Ghee -- (500 ml) & more!  ')).toBe('ghee-500-ml-more');
  });

  it('drops accents from Latin letters and keeps other scripts whole', () => {
    expect(slugify('Crème Brûlée Ghee')).toBe('creme-brulee-ghee');
    expect(slugify('देसी घी')).toBe('देसी-घी');
  });

  it('gives a name without letters or digits the fallback', () => {
    expect(slugify('!!! ???')).toBe(SLUG_FALLBACK);
  });

  it('cuts a long name at a hyphen, within the limit', () => {
    const slug = slugify('Slow cooked '.repeat(20));
    expect([...slug].length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.startsWith('slow-cooked-slow-cooked')).toBe(true);
  });

  it('gives only what looksLikeSlug accepts, for hostile names too', () => {
    for (const name of ['<script>alert(1)</script>', '../../etc/passwd', '%2F%2Fevil', 'a\u0000b', 'Ghee "><svg onload=x>']) {
      expect(looksLikeSlug(slugify(name)), name).toBe(true);
    }
  });
});

describe('uniqueSlug and slugsFor', () => {
  it('numbers a taken slug from 2', () => {
    const taken = new Set(['ghee', 'ghee-2']);
    expect(uniqueSlug('ghee', (s) => taken.has(s))).toBe('ghee-3');
    expect(uniqueSlug('butter', (s) => taken.has(s))).toBe('butter');
  });

  it('gives names that slugify alike distinct slugs, in order', () => {
    expect(slugsFor(['Cow Ghee', 'Cow-Ghee', 'cow ghee!', 'Buffalo Ghee'])).toEqual(['cow-ghee', 'cow-ghee-2', 'cow-ghee-3', 'buffalo-ghee']);
  });
});

describe('looksLikeSlug', () => {
  it('refuses empty segments, slashes, dots and stray hyphens', () => {
    for (const s of ['', 'a/b', '..', 'a.b', '-a', 'a-', 'a--b', 'a b', 'x'.repeat(SLUG_MAX_LENGTH + 9)]) expect(looksLikeSlug(s), s).toBe(false);
    expect(looksLikeSlug('a2-desi-cow-ghee')).toBe(true);
  });
});
