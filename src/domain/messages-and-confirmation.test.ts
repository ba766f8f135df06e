import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS, MESSAGE_VALUES, MESSAGE_WORDS, messageValuesLegend } from './messages-and-confirmation';

describe('message values', () => {
  it('name one value for each variable of every kind’s words', () => {
    for (const kind of MESSAGE_KINDS) {
      const highest = Math.max(...[...MESSAGE_WORDS[kind].matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));
      expect(MESSAGE_VALUES[kind].length, kind).toBe(highest);
    }
  });

  it('explain each variable to the owner, in order', () => {
    expect(messageValuesLegend('PLACED')).toBe('{{1}} is the customer’s name, {{2}} the order number (GS-1043) and {{3}} the order’s total.');
    expect(messageValuesLegend('SHIPPED')).toBe(
      '{{1}} is the customer’s name, {{2}} the order number (GS-1043), {{3}} the order’s total, {{4}} the courier’s AWB number and {{5}} the tracking link.',
    );
    expect(messageValuesLegend('REFUND_PROCESSED')).toMatch(/\{\{4\}\} the amount refunded\.$/);
  });
});
