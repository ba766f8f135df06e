import type { Business } from '../../domain/schemas/business';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

/** The seller's details in the wire shape (placeholders included: they are shown, not validated, on the way out). */
export async function getBusiness(executor: Executor): Promise<Business> {
  const row = await executor.selectFrom('business_details').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    legalName: row.legal_name,
    addressLine: row.address_line,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    gstin: row.gstin,
    fssai: row.fssai,
    carePhone: row.care_phone,
    careEmail: row.care_email,
    grievanceName: row.grievance_name,
    grievanceEmail: row.grievance_email,
    grievancePhone: row.grievance_phone,
    signatoryName: row.signatory_name,
    signatoryTitle: row.signatory_title,
  };
}

export async function saveBusiness(executor: Executor, b: Business): Promise<void> {
  await executor
    .updateTable('business_details')
    .set({
      legal_name: b.legalName,
      address_line: b.addressLine,
      city: b.city,
      state: b.state,
      pincode: b.pincode,
      gstin: b.gstin,
      fssai: b.fssai,
      care_phone: b.carePhone,
      care_email: b.careEmail,
      grievance_name: b.grievanceName,
      grievance_email: b.grievanceEmail,
      grievance_phone: b.grievancePhone,
      signatory_name: b.signatoryName,
      signatory_title: b.signatoryTitle,
      updated_at: nowIso(),
    })
    .where('id', '=', 1)
    .execute();
}
