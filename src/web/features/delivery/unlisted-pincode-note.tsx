import type { DeliveryCheck } from '../../../domain/schemas/delivery';
import { unlistedPincode, unlistedPincodeMessage } from './delivery-api';

/**
 * Beside an address about to be ordered to: its pincode is not one India Post lists. Not refused (a post office may be
 * newer than the list, and DESIGN.md lets unknown pincodes pass), but a parcel to a mistyped pincode goes astray.
 */
export function UnlistedPincodeNote({ pincode, check }: { pincode: string; check: DeliveryCheck | undefined }) {
  if (!check || !unlistedPincode(check)) return null;
  return (
    <p className="alert alert-warning small py-2" role="status">
      {unlistedPincodeMessage(pincode)} A parcel sent to a wrong pincode is delayed or lost.
    </p>
  );
}
