// GST state codes (the first two digits of a GSTIN and the "place of supply" code on an invoice).
// Andhra Pradesh kept its old code 28 for registrations before the 2014 split; the new state is 37.

export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

// Customers type their state by hand: compare letters only, and accept the common short and old names.
const ALIASES: Readonly<Record<string, string>> = {
  orissa: '21',
  pondicherry: '34',
  tamilnadu: '33',
  tn: '33',
  ka: '29',
  newdelhi: '07',
  nctofdelhi: '07',
  jammukashmir: '01',
  andamannicobar: '35',
  damananddiu: '26',
  dadraandnagarhaveli: '26',
  uttaranchal: '05',
};

const key = (name: string) => name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z]/g, '');

/** The GST state code for a state as a person typed it, or null when it names no state. */
export function stateCodeOf(name: string): string | null {
  const k = key(name);
  if (!k) return null;
  if (ALIASES[k]) return ALIASES[k];
  // 37 before 28: a state typed today as "Andhra Pradesh" is the post-2014 one.
  const entries = Object.entries(GST_STATES).sort(([a], [b]) => (a === '37' ? -1 : b === '37' ? 1 : 0));
  for (const [code, state] of entries) if (key(state) === k) return code;
  return null;
}

export function stateNameOf(code: string): string | null {
  return GST_STATES[code] ?? null;
}
