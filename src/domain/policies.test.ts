import { describe, expect, it } from 'vitest';
import { BUSINESS_PLACEHOLDER } from './constants';
import { DEFAULT_POLICIES, fillPolicy, POLICY_KEYS } from './policies';
import type { Business } from './schemas/business';
import { KARNATAKA_BUSINESS } from './test-business';

const FILLED: Business = { ...KARNATAKA_BUSINESS, gstin: '', signatoryName: '', signatoryTitle: '' };

const FRESH = Object.fromEntries(Object.keys(FILLED).map((k) => [k, k === 'gstin' ? '' : BUSINESS_PLACEHOLDER])) as unknown as Business;

describe('policy pages', () => {
  it('break no sentence across lines in the default texts', () => {
    for (const key of POLICY_KEYS) {
      for (const line of DEFAULT_POLICIES[key].split('\n')) {
        // Every line ends a sentence, a heading, a list item, or is an address block's own line.
        const ok = line === '' || line.startsWith('#') || line.startsWith('- ') || /[.:!?*}]$/.test(line);
        expect(ok, `${key}: ${JSON.stringify(line)}`).toBe(true);
      }
    }
  });

  it('fill in the business details', () => {
    const shipping = fillPolicy(DEFAULT_POLICIES.shipping, FILLED);
    expect(shipping).toContain('Parcels leave from Bengaluru, Karnataka.');
    expect(shipping).toContain('Write to care@nandi.example or call +91 80 4123 4567.');
    expect(fillPolicy(DEFAULT_POLICIES.contact, FILLED)).toContain('**Lakshmi Rao**, grievance@nandi.example, 9845012345');
  });

  it('leave out every line naming a detail not filled in yet, and keep the rest', () => {
    for (const key of POLICY_KEYS) {
      const text = fillPolicy(DEFAULT_POLICIES[key], FRESH);
      expect(text).not.toContain(BUSINESS_PLACEHOLDER);
      expect(text).not.toMatch(/\{\{|\n{3,}/);
    }
    const shipping = fillPolicy(DEFAULT_POLICIES.shipping, FRESH);
    expect(shipping).toContain('We ship across India.');
    expect(shipping).not.toContain('Parcels leave from');
    // One detail missing is enough to leave its line out.
    const contact = fillPolicy(DEFAULT_POLICIES.contact, { ...FILLED, careEmail: BUSINESS_PLACEHOLDER });
    expect(contact).not.toContain('Customer care:');
    expect(contact).toContain('**Lakshmi Rao**');
    // Unknown names stay as written.
    expect(fillPolicy('Ask {{nobody}}.', FILLED)).toBe('Ask {{nobody}}.');
  });
});
