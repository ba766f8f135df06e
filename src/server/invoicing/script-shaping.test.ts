import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pdfFonts, pdfText } from '../../../tests/support/pdf-text';
import { loadPdfKit, type PdfDocumentClass } from './pdf-library';
import { BOLD, drawText, fontName, heightOfText, REGULAR, registerScriptFonts, type Face } from './script-fonts';
import { SCRIPTS, type Script } from './script-runs';
import { featureOptions, shapeRun } from './script-shaping';

type Doc = InstanceType<PdfDocumentClass>;
const require = createRequire(import.meta.url);

// Names, places and address words people write in each script the documents print. A font update or a fontkit
// update that cannot lay one of them out as it does today fails here rather than on a customer's invoice.
const COMMON: Record<Script | 'devanagari' | 'latin', string> = {
  kannada: 'ಬೆಂಗಳೂರು ಕರ್ನಾಟಕ ಮೈಸೂರು ಹುಬ್ಬಳ್ಳಿ ಶ್ರೀನಿವಾಸ್ ಲಕ್ಷ್ಮಿ ರಸ್ತೆ ನಗರ ದೇವಸ್ಥಾನ ಕ್ಷೇತ್ರ ಗೌಡ ರಾವ್',
  tamil: 'சென்னை தமிழ்நாடு கோயம்புத்தூர் மதுரை ஸ்ரீ கிருஷ்ணன் லக்ஷ்மி தெரு நகர் கோயில் முருகன் சாலை',
  telugu: 'హైదరాబాద్ తెలంగాణ విజయవాడ ఆంధ్ర శ్రీ శ్రీనివాస్ లక్ష్మి కృష్ణ రోడ్డు వీధి నగర్ రెడ్డి గుంటూరు',
  malayalam: 'തിരുവനന്തപുരം കേരളം കൊച്ചി കോഴിക്കോട് ശ്രീ ലക്ഷ്മി റോഡ് നഗർ മേനോൻ നായർ തൃശ്ശൂർ വീട്',
  bengali: 'কলকাতা পশ্চিমবঙ্গ শিলিগুড়ি শ্রী লক্ষ্মী রাস্তা চট্টোপাধ্যায় বন্দ্যোপাধ্যায় সরণি কৃষ্ণ দাস রায়',
  gujarati: 'અમદાવાદ ગુજરાત સુરત વડોદરા રાજકોટ શ્રી લક્ષ્મી પટેલ રસ્તો સોસાયટી મહેતા કૃષ્ણ',
  gurmukhi: 'ਸਿੰਘ ਕੌਰ ਪੰਜਾਬ ਪੰਜਾਬੀ ਚੰਡੀਗੜ੍ਹ ਅੰਮ੍ਰਿਤਸਰ ਲੁਧਿਆਣਾ ਜਲੰਧਰ ਪਟਿਆਲਾ ਗੁਰਦੀਪ ਹਰਪ੍ਰੀਤ ਸ਼੍ਰੀ ਮਕਾਨ ਗਲੀ ਮੋਹਾਲੀ ਗੁਰੂ ਸਾਹਿਬ',
  oriya: 'ଭୁବନେଶ୍ୱର ଓଡ଼ିଶା କଟକ ପୁରୀ ଶ୍ରୀ ଲକ୍ଷ୍ମୀ ରାସ୍ତା ମହାପାତ୍ର ସାହୁ ନଗର',
  devanagari: 'नई दिल्ली मुंबई श्री लक्ष्मी सिंह कृष्ण प्रदेश मार्ग शर्मा गुप्ता',
  latin: 'Asha Verma, 12 Temple Street, Bengaluru ₹1,199',
};

// The words fontkit 2.0 throws on in the Noto fonts of 0.4 (a mark-to-base anchor the font leaves out, in its abvm
// lookup), regular and bold alike: laid out with abvm off.
const WITHOUT_ABVM: Partial<Record<Script, string>> = {
  gurmukhi: 'ਸਿੰਘ ਪੰਜਾਬ ਪੰਜਾਬੀ ਚੰਡੀਗੜ੍ਹ ਅੰਮ੍ਰਿਤਸਰ ਗੁਰਦੀਪ ਹਰਪ੍ਰੀਤ ਸ਼੍ਰੀ ਮੋਹਾਲੀ ਗੁਰੂ',
  telugu: 'శ్రీ శ్రీనివాస్',
  malayalam: 'കോഴിക്കോട് ലക്ഷ്മി റോഡ് വീട്',
};

async function newDoc(): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  doc.registerFont('regular', require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'));
  doc.registerFont('bold', require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'));
  registerScriptFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  return { doc, done };
}

afterEach(() => vi.restoreAllMocks());

describe('the common words of every script the documents print', () => {
  const cases = [...SCRIPTS.map((s) => s.script), 'devanagari' as const, 'latin' as const].flatMap((script) =>
    [REGULAR, BOLD].map((face): [string, Face, typeof script] => [`${script} ${face.weight}`, face, script]),
  );

  it.each(cases)('are laid out in their own font, the known few without abvm (%s)', async (_, face, script) => {
    vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const { doc, done } = await newDoc();
    const font = script === 'devanagari' || script === 'latin' ? face.font : fontName(script, face.weight);
    const withoutAbvm = new Set(script in WITHOUT_ABVM ? WITHOUT_ABVM[script as Script]?.split(' ') : []);
    for (const word of COMMON[script].split(' ')) {
      const expected = withoutAbvm.has(word) ? { font, text: word, featuresOff: ['abvm'] } : { font, text: word };
      expect(shapeRun(doc, font, face.font, word), word).toEqual([expected]);
    }
    // And drawn, wrapped on a narrow column, in the script's font: no word fell back to Noto Sans's empty boxes.
    drawText(doc.font(face.font).fontSize(10), face, COMMON[script], 40, 40, { width: 160 });
    doc.end();
    const fonts = pdfFonts(await done);
    expect(fonts).toHaveLength(1);
    expect(fonts[0]).toMatch(script === 'devanagari' || script === 'latin' ? /^NotoSans-/ : /^NotoSans[A-Z][a-z]+-/);
  });
});

describe('a text that fontkit cannot lay out', () => {
  it('is laid out again word by word, a failing word with one feature off, else all, else in the base font', () => {
    // A document whose fonts throw as fontkit does: 'script-a' unless abvm is off, 'script-b' unless every positioning
    // feature is, 'script-c' always, and only on the words with a "!".
    let current = '';
    const features = ['kern', 'abvm', 'mark', 'abvm'].map((tag) => ({ tag }));
    const fails: Record<string, (off: string[]) => boolean> = {
      'script-a': (off) => !off.includes('abvm'),
      'script-b': (off) => off.length < 3,
      'script-c': () => true,
    };
    const doc = {
      font: (name: string) => ((current = name), doc),
      widthOfString: (text: string, options: { features?: Record<string, boolean> } = {}) => {
        const off = Object.keys(options.features ?? {});
        if (text.includes('!') && fails[current]?.(off)) throw new TypeError("Cannot read properties of null (reading 'xCoordinate')");
        return text.length;
      },
      _font: { font: { GPOS: { featureList: features } } },
    } as unknown as Doc;
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);

    expect(shapeRun(doc, 'script-a', 'base', 'ok ok')).toEqual([{ font: 'script-a', text: 'ok ok' }]);
    expect(shapeRun(doc, 'script-a', 'base', 'one two! three four! five')).toEqual([
      { font: 'script-a', text: 'one ' },
      { font: 'script-a', text: 'two! ', featuresOff: ['abvm'] },
      { font: 'script-a', text: 'three ' },
      { font: 'script-a', text: 'four! ', featuresOff: ['abvm'] },
      { font: 'script-a', text: 'five' },
    ]);
    expect(shapeRun(doc, 'script-b', 'base', 'a b!')).toEqual([
      { font: 'script-b', text: 'a ' },
      { font: 'script-b', text: 'b!', featuresOff: ['kern', 'abvm', 'mark'] },
    ]);
    expect(shapeRun(doc, 'script-c', 'base', 'a b! c')).toEqual([
      { font: 'script-c', text: 'a ' },
      { font: 'base', text: 'b! ' },
      { font: 'script-c', text: 'c' },
    ]);
    // One warning for each font and way out, however often it is taken.
    shapeRun(doc, 'script-a', 'base', 'six!');
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringMatching(/script-a .* with abvm off/),
      expect.stringMatching(/script-b .* with kern, abvm, mark off/),
      expect.stringMatching(/script-c .* in base/),
    ]);
  });

  it('in Noto Sans itself, in Latin letters, still prints: drawText lays it out as it does a script', async () => {
    const { doc, done } = await newDoc();
    vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    doc.font('regular').fontSize(10);
    // Noto Sans as fontkit would be if it threw on "Verma" laid out with all its features.
    const notoSans = (doc as unknown as { _font: { font: { layout: (text: string, features?: object) => unknown } } })._font.font;
    const layout = notoSans.layout.bind(notoSans);
    notoSans.layout = (text, features) => {
      if (text.includes('Verma') && !features) throw new TypeError("Cannot read properties of null (reading 'xCoordinate')");
      return layout(text, features);
    };
    const text = 'Asha Verma, 12 Temple Street';
    expect(heightOfText(doc, REGULAR, text, { width: 300 })).toBeGreaterThan(0);
    drawText(doc, REGULAR, text, 40, 40, { width: 300 });
    doc.end();
    expect(pdfText(await done)).toContain(text);
  });
});

describe('featureOptions', () => {
  it('keeps meaning the features it was made with after fontkit has laid text out with it', async () => {
    const { doc } = await newDoc();
    const options = featureOptions(['abvm']);
    doc.font(fontName('gurmukhi', 'regular'));
    const width = doc.widthOfString('ਸਿੰਘ 12', options);
    // fontkit writes every feature it applied into the object; read again, that would turn on fractions and more.
    expect(options.features).toEqual({ abvm: false });
    expect(doc.widthOfString('ਸਿੰਘ 12', options)).toBe(width);
    expect(featureOptions(undefined)).toEqual({});
  });
});
