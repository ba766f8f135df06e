// Which state and district a pincode lies in, per India Post's directory (india-post-pincodes.ts and
// india-post-districts.ts). One index serves both: the pincodes ascending in a typed array (a tenth of a Map's
// memory; a binary search over 19,000 of them is 15 steps), and beside each the place of its states and, once a
// district is first asked for, of its districts. Each part is unpacked on its first question (a few milliseconds)
// and kept: only the server holds them, the browser asks the server. The districts are unpacked apart so that the
// orders' state check never pays for them.
import { stateNameOf } from '../../domain/india/gst-states';
import { INDIA_POST_DISTRICT_NAMES, INDIA_POST_DISTRICTS } from './india-post-districts';
import { INDIA_POST_PINCODES } from './india-post-pincodes';
import { unpackDistrictRuns, unpackPincodes } from './pincode-format';

/** Places into a list of name sets, each set listed once however many pincodes share it. */
interface Places {
  places: Uint16Array;
  sets: (readonly string[])[];
}

let pincodes: Int32Array | undefined;
let states: Places | undefined;
let districts: Places | undefined;

function placesOf(count: number, runs: Iterable<[count: number, names: readonly string[]]>): Places {
  const places = new Uint16Array(count);
  const sets: (readonly string[])[] = [];
  const placeOf = new Map<string, number>();
  let at = 0;
  for (const [length, names] of runs) {
    const key = names.join('|');
    let place = placeOf.get(key);
    if (place === undefined) {
      place = sets.push(names) - 1;
      if (place > 0xffff) throw new Error('More sets of names than a Uint16Array can number');
      placeOf.set(key, place);
    }
    places.fill(place, at, at + length);
    at += length;
  }
  if (at !== count) throw new Error(`The table covers ${at} pincodes of the directory's ${count}`);
  return { places, sets };
}

function stateIndex(): { pincodes: Int32Array; states: Places } {
  if (!pincodes || !states) {
    const list: number[] = [];
    // A run of the packed table hands out one array of codes for all its pincodes: one set of names per run.
    const runs: [number, readonly string[]][] = [];
    let last: string[] | undefined;
    for (const [pincode, codes] of unpackPincodes(INDIA_POST_PINCODES)) {
      list.push(pincode);
      const run = runs.at(-1);
      if (codes === last && run) run[0] += 1;
      else runs.push([1, codes.map((code) => stateNameOf(code) ?? code)]);
      last = codes;
    }
    pincodes = Int32Array.from(list);
    states = placesOf(list.length, runs);
  }
  return { pincodes, states };
}

function districtIndex(): { pincodes: Int32Array; districts: Places } {
  const index = stateIndex();
  // The district runs walk the state table's pincodes in the same ascending order.
  districts ??= placesOf(index.pincodes.length, unpackDistrictRuns(INDIA_POST_DISTRICT_NAMES.split('|'), INDIA_POST_DISTRICTS));
  return { pincodes: index.pincodes, districts };
}

/** Where the pincode stands in the ascending list, or -1 when India Post lists no such pincode. */
function positionOf(list: Int32Array, pincode: string): number {
  if (!/^[0-9]{6}$/.test(pincode)) return -1;
  const wanted = Number(pincode);
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = list[middle] ?? 0;
    if (found === wanted) return middle;
    if (found < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

function namesAt({ places, sets }: Places, position: number): string[] {
  return position < 0 ? [] : [...(sets[places[position] ?? 0] ?? [])];
}

/** The names of the state(s) the pincode lies in (two for a few border post offices); empty when India Post lists no such pincode. */
export function statesOfPincode(pincode: string): string[] {
  const index = stateIndex();
  return namesAt(index.states, positionOf(index.pincodes, pincode));
}

/**
 * The district(s) India Post files the pincode's post offices under, as it names them ("Bangalore", not "Bengaluru
 * Urban"), in alphabetical order; empty when it lists no such pincode.
 */
export function districtsOfPincode(pincode: string): string[] {
  const index = districtIndex();
  return namesAt(index.districts, positionOf(index.pincodes, pincode));
}

/** Whether an address's pincode may lie in its state: yes when they agree, and when the pincode is not in the directory. */
export function pincodeFitsState(pincode: string, state: string): { fits: true } | { fits: false; states: string[] } {
  const states = statesOfPincode(pincode);
  return states.length === 0 || states.includes(state) ? { fits: true } : { fits: false, states };
}
