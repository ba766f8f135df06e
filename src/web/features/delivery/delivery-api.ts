import { useQuery } from '@tanstack/react-query';
import type { DeliveryCheck } from '../../../domain/schemas/delivery';
import { PINCODE_PATTERN } from '../../../domain/pricing';
import { api } from '../../lib/api-client';

export function fetchDeliveryCheck(pincode: string): Promise<DeliveryCheck> {
  return api.get<DeliveryCheck>(`/api/public/delivery/${encodeURIComponent(pincode)}`);
}

/** The pincode check of an address (the order summary reads the free-delivery line from it). */
export function useDeliveryCheck(pincode: string) {
  return useQuery({
    queryKey: ['delivery-check', pincode],
    queryFn: () => fetchDeliveryCheck(pincode),
    enabled: PINCODE_PATTERN.test(pincode),
    staleTime: 60_000,
    retry: false,
  });
}

const KEY = 'ghee-shop.pincode';

/** The pincode checked last, for this browser session only (product page, cart and billing agree on it). */
export function rememberedPincode(): string {
  try {
    return window.sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberPincode(pincode: string): void {
  try {
    window.sessionStorage.setItem(KEY, pincode);
  } catch {
    // Private windows may refuse storage: the check still works, it is just not remembered.
  }
}

/**
 * A pincode India Post does not list (a typo, most likely). The shop still takes orders to it, since a new post office
 * may be missing from the list, but a check should not promise delivery to it.
 */
export const unlistedPincode = (check: DeliveryCheck) => check.serviceable && check.states.length === 0;

export const unlistedPincodeMessage = (pincode: string) => `${pincode} is not a pincode India Post lists. Please check it.`;

/** "Delivers to 560001 in 3–5 days · Cash on delivery available · Delivery Rs. 60, free from Rs. 1,500". */
export function describeDelivery(pincode: string, check: DeliveryCheck, rupees: (n: number) => string): string {
  if (!check.serviceable) return `Sorry, we do not deliver to ${pincode} yet.`;
  if (unlistedPincode(check)) return unlistedPincodeMessage(pincode);
  const { minDays, maxDays } = check.estimate;
  const days = minDays === maxDays ? `${minDays} days` : `${minDays}–${maxDays} days`;
  const parts = [`Delivers to ${pincode} in ${days}`];
  parts.push(check.cod ? 'Cash on delivery available' : 'Online payment only');
  if (check.fee === 0) parts.push('Free delivery');
  else parts.push(check.freeFrom !== null ? `Delivery ${rupees(check.fee)}, free from ${rupees(check.freeFrom)}` : `Delivery ${rupees(check.fee)}`);
  return parts.join(' · ');
}
