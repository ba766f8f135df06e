import { VALIDATION } from '../../../domain/messages';
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

/** The state a pincode lies in, when India Post names exactly one: to fill an empty state field. */
export async function onlyStateOf(pincode: string): Promise<string | null> {
  try {
    const { states } = await fetchDeliveryCheck(pincode);
    return states.length === 1 ? (states[0] ?? null) : null;
  } catch {
    return null;
  }
}
