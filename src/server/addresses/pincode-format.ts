// The packed form of the pincode table (written by scripts/make-pincode-table.ts, read by pincode-states.ts):
// runs separated by spaces, each "CODE[+CODE]=FIRST" followed by one character per further pincode of the run,
// its distance from the previous one: PINCODE_ALPHABET[d - 1] for d up to 62, "(" d in base 36 ")" beyond.

export const PINCODE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const PINCODE_TABLE_FILE = 'src/server/addresses/india-post-pincodes.ts';

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
