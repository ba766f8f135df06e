import { useRef, useState } from 'react';
import { VALIDATION } from '../../../domain/messages';
import { PINCODE_PATTERN } from '../../../domain/pricing';
import { fetchDeliveryCheck } from './delivery-api';

/** A pincode that lies in another state than the one chosen: what to say, and the state(s) it does lie in. */
export interface PincodeStateMismatch {
  message: string;
  states: string[];
}

/**
 * The server's word on a pincode's state (India Post's directory lives on the server, not in the page): the message
 * to show under the pincode when it lies in another state, with that state, else null. An unknown pincode, or no
 * answer, passes; the server checks again when the address is saved or the order placed.
 */
export async function pincodeStateMismatch(pincode: string, state: string): Promise<PincodeStateMismatch | null> {
  try {
    const { states } = await fetchDeliveryCheck(pincode);
    return states.length > 0 && !states.includes(state) ? { message: VALIDATION.pincodeInOtherState(pincode, states), states } : null;
  } catch {
    return null;
  }
}

/**
 * The state and the district a pincode lies in, each when India Post names exactly one (else null): to fill an
 * address's empty fields; and every district it names, to offer when there are several.
 */
export async function placeOfPincode(pincode: string): Promise<{ state: string | null; district: string | null; districts: string[] }> {
  try {
    const { states, districts } = await fetchDeliveryCheck(pincode);
    // An answer cached from before districts were answered has none.
    const named = districts ?? [];
    return { state: states.length === 1 ? (states[0] ?? null) : null, district: named.length === 1 ? (named[0] ?? null) : null, districts: named };
  } catch {
    return { state: null, district: null, districts: [] };
  }
}

/** The line under District when the pincode names several: "Pincode 400001 lies in Mumbai or Raigarh: …". */
export function districtChoicesHint(pincode: string, districts: readonly string[]): string {
  const named = districts.length > 1 ? `${districts.slice(0, -1).join(', ')} or ${districts[districts.length - 1]}` : (districts[0] ?? '');
  return `Pincode ${pincode} lies in ${named}: type yours or pick it.`;
}

/** The districts to suggest on the District box (two or more), with the pincode they are for. */
export interface DistrictChoices {
  pincode: string;
  districts: string[];
}

type PlaceField = 'state' | 'district';

/**
 * An address form's fill from the pincode: call `fillFromPincode` with the pincode when its box loses focus, and an
 * empty state or district is filled from India Post's directory (asked of the server). What it filled stays the
 * shop's guess until the customer changes it, so a corrected pincode corrects it too (or empties it when the
 * directory names no single one); what the customer typed or chose is never touched. When the pincode names several
 * districts, `districtChoices` holds them, for the form to suggest on its District box (never filled in: which one
 * is the customer's to say); null otherwise.
 */
export function usePlaceFromPincode(read: (field: PlaceField | 'pincode') => string, write: (field: PlaceField, value: string) => void) {
  const filled = useRef<Record<PlaceField, string>>({ state: '', district: '' });
  const [districtChoices, setDistrictChoices] = useState<DistrictChoices | null>(null);
  const fillFromPincode = async (typed: string): Promise<void> => {
    const pincode = typed.trim();
    const guessable = (field: PlaceField) => [filled.current[field], ''].includes(read(field));
    if (!PINCODE_PATTERN.test(pincode) || (!guessable('state') && !guessable('district'))) {
      // Suggestions for a pincode no longer in the box would mislead.
      setDistrictChoices((shown) => (shown && shown.pincode !== pincode ? null : shown));
      return;
    }
    const place = await placeOfPincode(pincode);
    // The customer may have typed on meanwhile: only the pincode still in the box decides, only open fields change.
    if (read('pincode').trim() !== pincode) return;
    setDistrictChoices(place.districts.length > 1 ? { pincode, districts: place.districts } : null);
    for (const field of ['state', 'district'] as const) {
      const value = place[field] ?? '';
      if (!guessable(field) || read(field) === value) continue;
      write(field, value);
      filled.current[field] = value;
    }
  };
  return { fillFromPincode, districtChoices };
}
