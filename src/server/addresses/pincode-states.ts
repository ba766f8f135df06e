// Which state and district a pincode lies in, per India Post's directory (india-post-pincodes.ts and
// india-post-districts.ts). Each table is unpacked on its first question (19,000 entries, a few milliseconds) and
// kept: only the server holds them, the browser asks the server. The districts are a table of their own so that the
// orders' state check never pays for them.
import { stateNameOf } from '../../domain/india/gst-states';
import { INDIA_POST_DISTRICT_NAMES, INDIA_POST_DISTRICTS } from './india-post-districts';
import { INDIA_POST_PINCODES } from './india-post-pincodes';
import { unpackDistrictRuns, unpackPincodes } from './pincode-format';

let table: Map<number, readonly string[]> | undefined;
// Pincodes ascending, and beside each the place of its districts in `lists`: typed arrays take a tenth of a Map's
// memory, and a binary search over 19,000 pincodes is 15 steps.
let districtTable: { pincodes: Int32Array; places: Uint16Array; lists: (readonly string[])[] } | undefined;

function pincodeTable(): Map<number, readonly string[]> {
  if (!table) {
    table = new Map();
    for (const [pincode, codes] of unpackPincodes(INDIA_POST_PINCODES)) table.set(pincode, codes);
  }
  return table;
}

function districtsTable(): NonNullable<typeof districtTable> {
  if (!districtTable) {
    // The state table's keys are its pincodes in ascending order, as the district table walks them.
    const pincodes = Int32Array.from(pincodeTable().keys());
    const places = new Uint16Array(pincodes.length);
    const lists: (readonly string[])[] = [];
    const placeOf = new Map<readonly string[], number>();
    let at = 0;
    for (const [count, names] of unpackDistrictRuns(INDIA_POST_DISTRICT_NAMES.split('|'), INDIA_POST_DISTRICTS)) {
      let place = placeOf.get(names);
      if (place === undefined) {
        place = lists.push(names) - 1;
        if (place > 0xffff) throw new Error('More sets of districts than a Uint16Array can number');
        placeOf.set(names, place);
      }
      places.fill(place, at, at + count);
      at += count;
    }
    if (at !== pincodes.length) throw new Error(`The district table covers ${at} pincodes, the state table ${pincodes.length}`);
    districtTable = { pincodes, places, lists };
  }
  return districtTable;
}

/** The names of the state(s) the pincode lies in (two for a few border post offices); empty when India Post lists no such pincode. */
export function statesOfPincode(pincode: string): string[] {
  if (!/^[0-9]{6}$/.test(pincode)) return [];
  return (pincodeTable().get(Number(pincode)) ?? []).map((code) => stateNameOf(code) ?? code);
}

/**
 * The district(s) India Post files the pincode's post offices under, as it names them ("Bangalore", not "Bengaluru
 * Urban"), in alphabetical order; empty when it lists no such pincode.
 */
export function districtsOfPincode(pincode: string): string[] {
  if (!/^[0-9]{6}$/.test(pincode)) return [];
  const { pincodes, places, lists } = districtsTable();
  const wanted = Number(pincode);
  let low = 0;
  let high = pincodes.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = pincodes[middle] ?? 0;
    if (found === wanted) return [...(lists[places[middle] ?? 0] ?? [])];
    if (found < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return [];
}

/** Whether an address's pincode may lie in its state: yes when they agree, and when the pincode is not in the directory. */
export function pincodeFitsState(pincode: string, state: string): { fits: true } | { fits: false; states: string[] } {
  const states = statesOfPincode(pincode);
  return states.length === 0 || states.includes(state) ? { fits: true } : { fits: false, states };
}
