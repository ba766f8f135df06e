import { useRef } from 'react';
import { VALIDATION } from '../../../domain/messages';
import { PINCODE_PATTERN } from '../../../domain/pricing';
import { fetchDeliveryCheck } from './delivery-api';

/**
 * The server's word on a pincode's state (India Post's directory lives on the server, not in the page): the message
 * to show under the pincode when it lies in another state, else null. An unknown pincode, or no answer, passes; the
 * server checks again when the address is saved or the order placed.
 */
export async function pincodeStateMessage(pincode: string, state: string): Promise<string | null> {
  try {
    const { states } = await fetchDeliveryCheck(pincode);
    return states.length > 0 && !states.includes(state) ? VALIDATION.pincodeInOtherState(pincode, states) : null;
  } catch {
    return null;
  }
}

/**
 * The state and the district a pincode lies in, each when India Post names exactly one (else null): to fill an
 * address's empty fields.
 */
export async function placeOfPincode(pincode: string): Promise<{ state: string | null; district: string | null }> {
  try {
    const { states, districts } = await fetchDeliveryCheck(pincode);
    // An answer cached from before districts were answered has none.
    const named = districts ?? [];
    return { state: states.length === 1 ? (states[0] ?? null) : null, district: named.length === 1 ? (named[0] ?? null) : null };
  } catch {
    return { state: null, district: null };
  }
}

type PlaceField = 'state' | 'district';

/**
 * An address form's fill from the pincode: call the answer with the pincode when its box loses focus, and an empty
 * state or district is filled from India Post's directory (asked of the server). What it filled stays the shop's
 * guess until the customer changes it, so a corrected pincode corrects it too (or empties it when the directory names
 * no single one); what the customer typed or chose is never touched.
 */
export function usePlaceFromPincode(read: (field: PlaceField | 'pincode') => string, write: (field: PlaceField, value: string) => void) {
  const filled = useRef<Record<PlaceField, string>>({ state: '', district: '' });
  return async (typed: string): Promise<void> => {
    const pincode = typed.trim();
    const guessable = (field: PlaceField) => [filled.current[field], ''].includes(read(field));
    if (!PINCODE_PATTERN.test(pincode) || (!guessable('state') && !guessable('district'))) return;
    const place = await placeOfPincode(pincode);
    // The customer may have typed on meanwhile: only the pincode still in the box decides, only open fields change.
    if (read('pincode').trim() !== pincode) return;
    for (const field of ['state', 'district'] as const) {
      const value = place[field] ?? '';
      if (!guessable(field) || read(field) === value) continue;
      write(field, value);
      filled.current[field] = value;
    }
  };
}
