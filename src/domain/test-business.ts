/** Details of a GST-registered shop in Karnataka, valid in every field, for tests. */
export const KARNATAKA_BUSINESS = {
  legalName: 'Nandi Dairy Foods Private Limited',
  addressLine: '14 Dairy Circle, Hosur Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560029',
  gstin: '29AAGCB7383J1Z4',
  fssai: '11224999000123',
  carePhone: '+91 80 4123 4567',
  careEmail: 'care@nandi.example',
  grievanceName: 'Lakshmi Rao',
  grievanceEmail: 'grievance@nandi.example',
  grievancePhone: '9845012345',
  signatoryName: 'Lakshmi Rao',
  signatoryTitle: 'Director',
};
