import { describe, expect, it } from 'vitest';
import { describeWait, tooManyRequests } from './rate-limit';

describe('rate-limit answers', () => {
  it.each([
    [1, '1 second'],
    [42, '42 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('describes a wait of %i s as "%s"', (seconds, words) => {
    expect(describeWait(seconds)).toBe(words);
  });

  it('builds a 429 that says when to retry, in words and in seconds', () => {
    const error = tooManyRequests(41_200, 'Too many requests.', 'Or do something else.');
    expect(error.statusCode).toBe(429);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe('Too many requests. Please try again in 42 seconds. Or do something else.');
    expect(error.extra).toEqual({ retryAfter: 42 });
  });

  it('never asks to wait less than a second', () => {
    expect(tooManyRequests(0, 'Slow down.').message).toBe('Slow down. Please try again in 1 second.');
  });
});
