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

export interface IndianState {
  code: string;
  name: string;
}

/**
 * The 36 states and union territories an address can name, in alphabetical order, each with its GST code.
 * Andhra Pradesh is the post-2014 state (37); "Other Territory" (97) is a GSTIN code, not a place to deliver.
 */
export const INDIAN_STATES: readonly IndianState[] = Object.entries(GST_STATES)
  .filter(([code]) => code !== '28' && code !== '97')
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

// Older and common names people still write; spelling mistakes are not guessed (the forms offer the list).
const ALIASES: Readonly<Record<string, string>> = {
  orissa: '21',
  pondicherry: '34',
  tamilnadu: '33',
  newdelhi: '07',
  nctofdelhi: '07',
  nationalcapitalterritoryofdelhi: '07',
  jammukashmir: '01',
  andamannicobar: '35',
  andamanandnicobar: '35',
  damananddiu: '26',
  dadraandnagarhaveli: '26',
  uttaranchal: '05',
  chattisgarh: '22',
};

const key = (name: string) => name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z]/g, '');

const BY_KEY: ReadonlyMap<string, string> = new Map([
  ...INDIAN_STATES.map((s) => [key(s.name), s.code] as const),
  ...Object.entries(ALIASES),
]);

/** The GST state code of a state as written (case, spaces and "&" forgiven), or null when it names no state. */
export function stateCodeOf(name: string): string | null {
  return BY_KEY.get(key(name)) ?? null;
}

export function stateNameOf(code: string): string | null {
  return GST_STATES[code] ?? null;
}

/** The list's own spelling of a state as written, or null: what an address stores. */
export function canonicalStateName(name: string): string | null {
  const code = stateCodeOf(name);
  return code ? (GST_STATES[code] ?? null) : null;
}
