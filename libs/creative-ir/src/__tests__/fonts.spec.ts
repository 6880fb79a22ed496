import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import subsetFont from 'subset-font';
import {
  bundledFontFile,
  BUNDLED_FONT_FAMILIES,
  fontChain,
  fontCodePoints,
  initCreativeIr,
  layoutText,
  materialize,
  missingGlyphs,
  registerFontBytes,
  renderIr,
} from '../index';
import { fallbackFontFiles } from '../fonts/font-registry';
import { doc } from './fixtures';

const require = createRequire(__filename);
/** A face that only a host would have: Ϙ (U+03D8) and Ԁ (U+0500), which no face of the library's chains maps. */
const HOST_FONT_DIR = join(__dirname, 'host-font');
const HOST_FONT = readFileSync(join(HOST_FONT_DIR, 'NotoSans-ArchaicKoppa-Komi.ttf'));

interface HarfBuzz {
  createBlob(data: Uint8Array): { destroy(): void };
  createFace(blob: unknown, index: number): { collectUnicodes(): Uint32Array; destroy(): void };
}

/** HarfBuzz's reading of a font's character map (harfbuzzjs), the reference for ours. */
async function harfBuzzCodePoints(data: Buffer): Promise<Set<number>> {
  const hb = (await require('harfbuzzjs')) as HarfBuzz;
  const blob = hb.createBlob(data);
  const face = hb.createFace(blob, 0);
  const set = new Set(Array.from(face.collectUnicodes()));
  face.destroy();
  blob.destroy();
  return set;
}

function faceFiles(): string[] {
  const files = BUNDLED_FONT_FAMILIES.flatMap((f) =>
    [400, 700].flatMap((w) => (['normal', 'italic'] as const).map((s) => bundledFontFile(f.family, w, s)!.path)),
  );
  for (const dir of fallbackFontFiles()) files.push(...dir.files);
  return [...new Set(files)];
}

describe('fontCodePoints (cmap tables)', () => {
  it('reads the same characters as HarfBuzz from every bundled and fallback face', async () => {
    await initCreativeIr();
    const files = faceFiles();
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const data = readFileSync(file);
      const ours = fontCodePoints(data);
      const reference = await harfBuzzCodePoints(data);
      expect(ours, file).toBeDefined();
      expect(ours!.size, file).toBe(reference.size);
      expect(
        [...reference].filter((cp) => !ours!.has(cp)),
        file,
      ).toEqual([]);
    }
  });

  it('reads WOFF and WOFF2 files, and gives nothing for what is not a font', async () => {
    const inter = readFileSync(bundledFontFile('Inter')!.path);
    const wanted = 'Hé€ŁΩЖ→';
    for (const targetFormat of ['woff', 'woff2', 'truetype'] as const) {
      const cut = await subsetFont(inter, wanted, { targetFormat });
      expect(String.fromCodePoint(...[...fontCodePoints(cut)!].sort((a, b) => a - b)), targetFormat).toBe(
        [...wanted].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!).join(''),
      );
    }
    expect(fontCodePoints(Buffer.from('not a font at all, just some text'))).toBeUndefined();
    expect(fontCodePoints(inter.subarray(0, 200))).toBeUndefined();
    expect(fontCodePoints(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('fonts installed on the host', () => {
  it('never draw or measure text: characters no face of the chain has are boxes on every machine', async () => {
    await initCreativeIr();
    const text = 'Ϙ Ԁ';
    const ir = doc({ children: [{ type: 'text', id: 't', text, fontSize: 64, x: 10, y: 10, color: '#111111' }] }, 300, 120);
    const boxes = doc({ children: [{ type: 'text', id: 't', text: '\u0378 \u0378', fontSize: 64, x: 10, y: 10, color: '#111111' }] }, 300, 120);
    const before = await renderIr(ir);
    expect(before.warnings.map((w) => w.message).join()).toContain('no font has 2 of its characters (Ϙ U+03D8, Ԁ U+0500)');

    // @napi-rs/canvas draws what no family of the font list has with the fonts it found in the
    // system's font folders; this loads one more the same way, as if the host had it installed.
    GlobalFonts.loadFontsFromDir(HOST_FONT_DIR);
    const after = await renderIr(ir);
    expect(after.data.equals(before.data)).toBe(true);
    expect((await renderIr(boxes)).data.equals(after.data)).toBe(true);
    // A size never measured before (no cached width): the box's advance, not the host font's.
    expect(layoutText({ text: 'Ϙ', fontSize: 37 }).width).toBeCloseTo(layoutText({ text: '\u0378', fontSize: 37 }).width, 5);
    expect(missingGlyphs({ text })).toEqual(['Ϙ', 'Ԁ']);
  });

  it('are not needed for what a document font lacks: its Latin comes from Inter, its own characters from it', async () => {
    await initCreativeIr();
    const src = `data:font/ttf;base64,${HOST_FONT.toString('base64')}`;
    const text = { type: 'text' as const, id: 't', text: 'Ϙ Hello', fontFamily: 'Koppa', fontSize: 40, x: 0, y: 0 };
    const m = await materialize(doc({ children: [text] }, 400, 100, { fonts: [{ family: 'Koppa', src }] }));
    expect(m.warnings).toEqual([]);
    const koppa = await materialize(doc({ children: [{ ...text, text: 'Ϙ' }] }, 400, 100, { fonts: [{ family: 'Koppa', src }] }));
    const hello = layoutText({ text: ' Hello', fontSize: 40 }).width;
    expect(m.root.children[0].text!.width).toBeCloseTo(koppa.root.children[0].text!.width + hello, 1);
    expect(fontChain('Koppa')).toContain('Inter');
  });

  it('are not needed for marks the shaper composes with the letter before them into one the faces have', async () => {
    await initCreativeIr();
    // Inter has ȃ, ȇ, ṳ and ḁ but not their marks U+0311, U+0324 and U+0325 on their own.
    expect(missingGlyphs({ text: 'x\u0311 x\u0324 x\u0325' })).toEqual(['\u0311', '\u0324', '\u0325']);
    for (const text of ['ȃ ȇ ṳ ḁ', 'Tiếng Việt có dấu', 'Ελληνικά']) {
      expect(missingGlyphs({ text: text.normalize('NFD') }), text).toEqual([]);
      expect(missingGlyphs({ text: text.normalize('NFC') }), text).toEqual([]);
      const nfd = layoutText({ text: text.normalize('NFD'), fontSize: 40 }).width;
      const nfc = layoutText({ text: text.normalize('NFC'), fontSize: 40 }).width;
      expect(Math.abs(nfd - nfc), text).toBeLessThan(1);
    }
    expect(missingGlyphs({ text: '你好, 世界' })).toEqual(['你', '好', '世', '界']);
  });

  // Last in this file (each spec file runs in its own process): it adds a face to Inter for good.
  it('count faces registered from bytes under a bundled family together with its own', async () => {
    await initCreativeIr();
    expect(missingGlyphs({ text: 'Ϙ Ж' })).toEqual(['Ϙ']);
    registerFontBytes('Inter', HOST_FONT);
    expect(missingGlyphs({ text: 'Ϙ Ж' })).toEqual([]);
  });
});
