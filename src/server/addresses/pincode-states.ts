// Which state a pincode lies in, per India Post's directory (india-post-pincodes.ts). The table is unpacked on the
// first question (19,000 entries, a few milliseconds) and kept: only the server holds it, the browser asks the server.
import { stateNameOf } from '../../domain/india/gst-states';
import { INDIA_POST_PINCODES } from './india-post-pincodes';
import { unpackPincodes } from './pincode-format';

let table: Map<number, readonly string[]> | undefined;

function pincodeTable(): Map<number, readonly string[]> {
  if (!table) {
    table = new Map();
    for (const [pincode, codes] of unpackPincodes(INDIA_POST_PINCODES)) table.set(pincode, codes);
  }
  return table;
}

/** The names of the state(s) the pincode lies in (two for a few border post offices); empty when India Post lists no such pincode. */
export function statesOfPincode(pincode: string): string[] {
  if (!/^[0-9]{6}$/.test(pincode)) return [];
  return (pincodeTable().get(Number(pincode)) ?? []).map((code) => stateNameOf(code) ?? code);
}

/** Whether an address's pincode may lie in its state: yes when they agree, and when the pincode is not in the directory. */
export function pincodeFitsState(pincode: string, state: string): { fits: true } | { fits: false; states: string[] } {
  const states = statesOfPincode(pincode);
  return states.length === 0 || states.includes(state) ? { fits: true } : { fits: false, states };
}
