import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../../domain/india/gst-states';
import { INDIA_POST_PINCODES } from './india-post-pincodes';
import { unpackPincodes } from './pincode-format';
import { pincodeFitsState, statesOfPincode } from './pincode-states';

describe('pincodes and states (India Post directory)', () => {
  it('knows the head post offices of the big cities', () => {
    expect(statesOfPincode('560001')).toEqual(['Karnataka']);
    expect(statesOfPincode('600001')).toEqual(['Tamil Nadu']);
    expect(statesOfPincode('110001')).toEqual(['Delhi']);
    expect(statesOfPincode('400001')).toEqual(['Maharashtra']);
    expect(statesOfPincode('500001')).toEqual(['Telangana']);
    expect(statesOfPincode('682001')).toEqual(['Kerala']);
    expect(statesOfPincode('194101')).toEqual(['Ladakh']);
    expect(statesOfPincode('396210')).toEqual(['Dadra and Nagar Haveli and Daman and Diu']);
  });

  it('names both states of a pincode that straddles a border, and none for one India Post does not list', () => {
    expect(statesOfPincode('160014').sort()).toEqual(['Chandigarh', 'Punjab']);
    expect(statesOfPincode('999999')).toEqual([]);
    expect(statesOfPincode('56000')).toEqual([]);
  });

  it('lets an unknown pincode pass and a known one only in its own state(s)', () => {
    expect(pincodeFitsState('560001', 'Karnataka')).toEqual({ fits: true });
    expect(pincodeFitsState('600001', 'Karnataka')).toEqual({ fits: false, states: ['Tamil Nadu'] });
    expect(pincodeFitsState('160014', 'Punjab')).toEqual({ fits: true });
    expect(pincodeFitsState('999999', 'Goa')).toEqual({ fits: true });
  });

  it('holds every state and union territory, ascending pincodes, and nothing outside the list', () => {
    const codes = new Set<string>();
    let previous = 0;
    let count = 0;
    for (const [pincode, states] of unpackPincodes(INDIA_POST_PINCODES)) {
      expect(pincode).toBeGreaterThan(previous);
      previous = pincode;
      count += 1;
      for (const code of states) codes.add(code);
    }
    expect(count).toBeGreaterThan(19_000);
    expect([...codes].sort()).toEqual(INDIAN_STATES.map((s) => s.code).sort());
  });
});
