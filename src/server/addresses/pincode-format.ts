// The packed form of the pincode tables (written by scripts/make-pincode-table.ts, read by pincode-states.ts).
//
// States (india-post-pincodes.ts): runs separated by spaces, each "CODE[+CODE]=FIRST" followed by one character per
// further pincode of the run, its distance from the previous one: PINCODE_ALPHABET[d - 1] for d up to 62, "(" d in
// base 36 ")" beyond.
//
// Districts (india-post-districts.ts): a list of names joined by "|", and runs over the state table's pincodes in
// the same ascending order, so that no pincode is written twice. A run is a district as its place in the list in two
// characters of base 62 (PINCODE_ALPHABET, high digit first), "+" and two more for each further district of the
// same pincodes, then one character for how many pincodes in a row (PINCODE_ALPHABET[n - 1], n up to 62).

export const PINCODE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const PINCODE_TABLE_FILE = 'src/server/addresses/india-post-pincodes.ts';
export const DISTRICT_TABLE_FILE = 'src/server/addresses/india-post-districts.ts';

/** Every pincode of the table with the GST codes of the state(s) it lies in. */
export function* unpackPincodes(table: string): Generator<[number, string[]]> {
  for (const run of table.split(' ')) {
    const match = /^([0-9+]+)=([0-9]{6})(.*)$/.exec(run);
    if (!match) throw new Error(`Malformed pincode run: ${run.slice(0, 20)}`);
    const codes = (match[1] ?? '').split('+');
    let pincode = Number(match[2]);
    yield [pincode, codes];
    const steps = match[3] ?? '';
    for (let i = 0; i < steps.length; i += 1) {
      let step: number;
      if (steps[i] === '(') {
        const end = steps.indexOf(')', i);
        step = parseInt(steps.slice(i + 1, end), 36);
        i = end;
      } else {
        step = PINCODE_ALPHABET.indexOf(steps[i] ?? '') + 1;
      }
      if (!(step > 0)) throw new Error(`Malformed pincode step in run ${run.slice(0, 20)}`);
      pincode += step;
      yield [pincode, codes];
    }
  }
}

/** A district's place in the name list as the table writes it: two characters of base 62. */
export function districtIndexCode(index: number): string {
  const base = PINCODE_ALPHABET.length;
  if (!Number.isInteger(index) || index < 0 || index >= base * base) throw new Error(`No two-character code for district ${index}`);
  return `${PINCODE_ALPHABET[Math.floor(index / base)]}${PINCODE_ALPHABET[index % base]}`;
}

// A character's value in PINCODE_ALPHABET by its code, -1 for any other.
const DIGIT_OF = Int8Array.from({ length: 128 }, (_, code) => PINCODE_ALPHABET.indexOf(String.fromCharCode(code)));
const digitOf = (text: string, at: number) => DIGIT_OF[text.charCodeAt(at)] ?? -1;

/** The place in the name list that districtIndexCode wrote as `code`; -1 when it is no such code. */
export function districtIndexOf(code: string): number {
  const high = digitOf(code, 0);
  const low = digitOf(code, 1);
  return code.length === 2 && high >= 0 && low >= 0 ? high * PINCODE_ALPHABET.length + low : -1;
}

/**
 * The district table's runs in order: how many pincodes in a row (of the state table's, ascending) and the names of
 * their district(s). Runs with the same districts share one array: read it, do not change it.
 */
export function* unpackDistrictRuns(names: readonly string[], table: string): Generator<[count: number, districts: readonly string[]]> {
  const shared = new Map<string, readonly string[]>();
  let at = 0;
  while (at < table.length) {
    const start = at;
    at += 2;
    while (table[at] === '+') at += 3;
    const key = table.slice(start, at);
    let districts = shared.get(key);
    if (!districts) {
      districts = key.split('+').map((code) => {
        const name = names[districtIndexOf(code)];
        if (name === undefined) throw new Error(`Malformed district run at ${start}: ${key}`);
        return name;
      });
      shared.set(key, districts);
    }
    const count = digitOf(table, at) + 1;
    if (count < 1) throw new Error(`Malformed district count at ${at}: ${table.slice(start, at + 1)}`);
    at += 1;
    yield [count, districts];
  }
}
