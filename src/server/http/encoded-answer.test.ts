import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ENCODE_CONCURRENCY, EVENT_LOOP_ENCODE_MAX_BYTES, encodeAnswer, encodeOne, encodesRunning } from './encoded-answer';

const bodyOf = (i: number) => JSON.stringify(Array.from({ length: 200 }, (_, k) => ({ order: `order-${i}-${k}`, total: k * 799 })));

describe('encodeAnswer', () => {
  it('compresses to bytes that decode to the body, in brotli and gzip', async () => {
    const body = bodyOf(1);
    const answer = await encodeAnswer(body, null, { brotliQuality: 6 });
    expect(brotliDecompressSync(answer.encoded.br).toString()).toBe(body);
    expect(gunzipSync(answer.encoded.gzip).toString()).toBe(body);
    expect(answer.encoded.identity.toString()).toBe(body);
  });

  it(`compresses at most ${ENCODE_CONCURRENCY} answers at once however many are asked for together`, async () => {
    let most = 0;
    let done = false;
    const watch = (async () => {
      while (!done) {
        most = Math.max(most, encodesRunning());
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => encodeAnswer(bodyOf(i), null, { brotliQuality: 6 })));
    done = true;
    await watch;
    expect(most).toBe(ENCODE_CONCURRENCY);
    expect(encodesRunning()).toBe(0);
    answers.forEach((answer, i) => expect(gunzipSync(answer.encoded.gzip).toString()).toBe(bodyOf(i)));
  });
});

describe('encodeOne', () => {
  const longBody = () => {
    let body = bodyOf(0);
    for (let i = 1; Buffer.byteLength(body) <= EVENT_LOOP_ENCODE_MAX_BYTES; i++) body += bodyOf(i);
    return body;
  };

  it.each([
    ['small, on the event loop', bodyOf(3)],
    ['large, on the thread pool', longBody()],
  ])('gives bytes that decode to the body in the encoding asked for (%s)', async (_, body) => {
    const identity = Buffer.from(body);
    expect(brotliDecompressSync(await encodeOne(identity, 'br', 6)).toString()).toBe(body);
    expect(gunzipSync(await encodeOne(identity, 'gzip', 6)).toString()).toBe(body);
    expect(await encodeOne(identity, 'identity', 6)).toBe(identity);
  });

  it('gives the compressed bytes memory of their own size, not a view of a larger chunk', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const bytes = await encodeOne(Buffer.from(bodyOf(5)), encoding, 6);
      expect(bytes.length).toBeLessThan(16 * 1024);
      expect(bytes.buffer.byteLength).toBe(bytes.length);
    }
  });

  it('compresses at the highest qualities on the thread pool, whatever the size', async () => {
    const best = encodeOne(Buffer.from(bodyOf(6)), 'br', 11);
    expect(encodesRunning()).toBe(1);
    expect(brotliDecompressSync(await best).toString()).toBe(bodyOf(6));
  });

  it('takes no compression slot for a small body, and one for a large body', async () => {
    const small = encodeOne(Buffer.from(bodyOf(4)), 'br', 6);
    expect(encodesRunning()).toBe(0);
    const large = encodeOne(Buffer.from(longBody()), 'br', 6);
    expect(encodesRunning()).toBe(1);
    await Promise.all([small, large]);
    expect(encodesRunning()).toBe(0);
  });
});
