// The server's check on top of an address schema of src/domain (DESIGN.md §8.2): a pincode India Post knows must lie
// in the state given. The table is the server's alone (the browser bundle stays small), so this is added here, to the
// same schema the form uses; its message lands on `fields.pincode`, which the forms show under the field.
import type { z } from 'zod';
import { VALIDATION } from '../../domain/messages';
import { pincodeFitsState } from './pincode-states';

interface Address {
  pincode: string;
  state: string;
}

/** `schema` with the pincode ↔ state check; it runs once every field of the body is valid on its own. */
export function withPincodeCheck<S extends z.ZodType<Address>>(schema: S): S {
  return schema.superRefine((address, ctx) => {
    const fit = pincodeFitsState(address.pincode, address.state);
    if (!fit.fits) ctx.addIssue({ code: 'custom', path: ['pincode'], message: VALIDATION.pincodeInOtherState(address.pincode, fit.states) });
  }) as S;
}
