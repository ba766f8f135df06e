// The shop's business details (DESIGN.md §7.2): who sells, from where, and whom a customer can reach.
// They appear on invoices, label declarations and policy pages, so they are validated here once.
import { z } from 'zod';
import { ADDRESS_MAX, BUSINESS_PLACEHOLDER, NAME_MAX, REGION_MAX } from '../constants';
import { gstinStateCode } from '../india/gstin';
import { stateCodeOf, stateNameOf } from '../india/gst-states';
import { emailField, gstinField, lineText, optionalLineText, pincodeField, stateField } from './fields';
import { phoneField } from './phone-fields';

// It lives in constants.ts; the owner's form still finds it beside the schema.
export { BUSINESS_PLACEHOLDER };

export const businessSchema = z
  .strictObject({
    legalName: lineText('Legal name is required', NAME_MAX, { label: 'Legal name', instead: 'the name the business is registered under' }),
    addressLine: lineText('Address is required', ADDRESS_MAX, { label: 'Address', instead: 'the building, street and area' }),
    city: lineText('City is required', REGION_MAX, { label: 'City', instead: 'the city’s name' }),
    state: stateField,
    pincode: pincodeField,
    gstin: gstinField,
    fssai: z
      .string()
      .trim()
      .regex(/^[0-9]{14}$/, { error: 'The FSSAI licence or registration number has 14 digits' }),
    carePhone: phoneField,
    careEmail: emailField,
    grievanceName: lineText('Grievance officer’s name is required', NAME_MAX, { label: 'Grievance officer’s name', instead: 'the officer’s name' }),
    grievanceEmail: emailField,
    grievancePhone: phoneField,
    // Printed over "Authorised signatory" on invoices and credit notes (DESIGN.md §8.2); left out: blank.
    signatoryName: optionalLineText(NAME_MAX, { label: 'Signatory’s name', instead: 'the signatory’s name' }).default(''),
    signatoryTitle: optionalLineText(NAME_MAX, { label: 'Signatory’s title', instead: 'the title, such as Proprietor' }).default(''),
  })
  // The GSTIN says which state the shop is registered in; the address must not contradict it. Neither is changed
  // behind the owner's back: a conflict is refused on the state, naming both, and the owner chooses.
  .superRefine((b, ctx) => {
    const registered = b.gstin ? stateNameOf(gstinStateCode(b.gstin)) : null;
    if (registered && registered !== b.state) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: gstinStateConflict(registered, b.state) });
    }
  });

/** Said on the state when the GSTIN was issued in another state than the address names. */
export function gstinStateConflict(registered: string, typed: string): string {
  return `The GSTIN is registered in ${registered}, but the address says ${typed}. Choose ${registered}, or correct the GSTIN.`;
}
export type Business = z.infer<typeof businessSchema>;
export type BusinessInput = z.input<typeof businessSchema>;

/** The shop's GST state code: from the GSTIN, or from the address when the shop is not registered. */
export function businessStateCode(business: Business): string | null {
  return business.gstin ? gstinStateCode(business.gstin) : stateCodeOf(business.state);
}

const OPTIONAL_FIELDS = new Set(['gstin', 'signatoryName', 'signatoryTitle']);

/** The fields that still carry the placeholder of a new installation, or are empty though required. */
export function missingBusinessFields(business: Business): (keyof Business)[] {
  return (Object.entries(business) as [keyof Business, string][])
    .filter(([field, value]) => value === BUSINESS_PLACEHOLDER || (!OPTIONAL_FIELDS.has(field) && value === ''))
    .map(([field]) => field);
}

/** True once no field still carries the placeholder of a new installation. */
export function businessIsFilled(business: Business): boolean {
  return missingBusinessFields(business).length === 0;
}
