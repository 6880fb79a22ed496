import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectDirection, FONT_PACKAGES, initCreativeIr, layoutText, listFontFamilies, resolveFontFamily, textCacheSizes } from '../index';

describe('layoutText', () => {
  it('breaks at word boundaries within the width', async () => {
    await initCreativeIr();
    const l = layoutText({ text: 'The quick brown fox jumps over the lazy dog', fontSize: 20, maxWidth: 150 });
    expect(l.lines.length).toBeGreaterThan(2);
    for (const line of l.lines) {
      expect(line.width).toBeLessThanOrEqual(150.01);
      expect(line.text).toBe(line.text.trim());
    }
    expect(l.lines.map((x) => x.text).join(' ')).toBe('The quick brown fox jumps over the lazy dog');
    expect(l.brokeWords).toBe(false);
  });

  it('keeps its caches bounded however many font sizes and texts it meets (shrink-to-fit asks for many sizes)', () => {
    for (let i = 0; i < 5000; i++) layoutText({ text: `headline ${i}`, fontSize: 10 + i / 100, maxWidth: 300 });
    const sizes = textCacheSizes();
    expect(sizes.metrics).toBeGreaterThan(0);
    expect(sizes.metrics).toBeLessThanOrEqual(4096);
    expect(sizes.widths).toBeLessThanOrEqual(20_000);
  });

  it('keeps explicit newlines, including empty lines', () => {
    const l = layoutText({ text: 'one\n\nthree', fontSize: 20 });
    expect(l.lines.map((x) => x.text)).toEqual(['one', '', 'three']);
    expect(l.height).toBe(3 * 24);
  });

  it('breaks a word longer than the box between characters when its language has no hyphenation patterns', () => {
    const l = layoutText({ text: 'Pneumoultramicroscopicossilicovulcanoconiótico', fontSize: 30, maxWidth: 200, lang: 'und' });
    expect(l.brokeWords).toBe(true);
    expect(l.lines.length).toBeGreaterThan(1);
    expect(l.lines.map((x) => x.text).join('')).toBe('Pneumoultramicroscopicossilicovulcanoconiótico');
    for (const line of l.lines) expect(line.width).toBeLessThanOrEqual(200.01);
  });

  it('applies line height (multiplier or px) and letter spacing', () => {
    expect(layoutText({ text: 'a\nb', fontSize: 20, lineHeight: 1.5 }).height).toBe(60);
    expect(layoutText({ text: 'a\nb', fontSize: 20, lineHeight: 32 }).height).toBe(64);
    const plain = layoutText({ text: 'spacing', fontSize: 20 }).width;
    const spaced = layoutText({ text: 'spacing', fontSize: 20, letterSpacing: 5 }).width;
    expect(spaced - plain).toBeGreaterThan(30);
  });

  it('truncates to maxLines with an ellipsis', () => {
    const l = layoutText({ text: 'word '.repeat(60), fontSize: 20, maxWidth: 200, maxLines: 2 });
    expect(l.lines).toHaveLength(2);
    expect(l.truncated).toBe(true);
    expect(l.lines[1].text.endsWith('…')).toBe(true);
    expect(l.lines[1].width).toBeLessThanOrEqual(200.01);
  });

  it('truncates to the box height', () => {
    const l = layoutText({ text: 'word '.repeat(60), fontSize: 20, maxWidth: 200, maxHeight: 50 });
    expect(l.lines).toHaveLength(2);
    expect(l.overflow).toBe(false);
  });

  it('shrinks the font size to fit the box between min and max', () => {
    const text = 'A headline that needs to shrink to fit inside its box';
    const l = layoutText({ text, fontSize: 80, maxFontSize: 80, minFontSize: 12, fit: 'shrink', maxWidth: 300, maxHeight: 120 });
    expect(l.fontSize).toBeLessThan(80);
    expect(l.fontSize).toBeGreaterThanOrEqual(12);
    expect(l.height).toBeLessThanOrEqual(120);
    expect(l.truncated || l.brokeWords).toBe(false);
    const bigger = layoutText({ text, fontSize: l.fontSize + 0.5, maxWidth: 300 });
    expect(bigger.height > 120 || bigger.brokeWords).toBe(true);
  });

  it('keeps the max size when it already fits', () => {
    expect(layoutText({ text: 'Hi', fontSize: 40, maxFontSize: 40, fit: 'shrink', maxWidth: 300, maxHeight: 100 }).fontSize).toBe(40);
  });

  it('grows instead of truncating with fit "grow"', () => {
    const l = layoutText({ text: 'word '.repeat(40), fontSize: 20, maxWidth: 200, maxHeight: 30, fit: 'grow' });
    expect(l.truncated).toBe(false);
    expect(l.height).toBeGreaterThan(30);
  });

  it('transforms case with the locale', () => {
    expect(layoutText({ text: 'ação', textTransform: 'uppercase' }).lines[0].text).toBe('AÇÃO');
    expect(layoutText({ text: 'olá mundo', textTransform: 'capitalize' }).lines[0].text).toBe('Olá Mundo');
  });

  it('detects right-to-left text', () => {
    expect(detectDirection('שלום עולם')).toBe('rtl');
    expect(detectDirection('مرحبا')).toBe('rtl');
    expect(detectDirection('123 hello שלום')).toBe('ltr');
    expect(layoutText({ text: 'שלום עולם', direction: 'auto' }).direction).toBe('rtl');
  });

  it('measures bold wider than regular and resolves family aliases', () => {
    const r = layoutText({ text: 'Measure me', fontSize: 40 }).width;
    const b = layoutText({ text: 'Measure me', fontSize: 40, fontWeight: 700 }).width;
    expect(b).toBeGreaterThan(r);
    expect(resolveFontFamily('serif')).toBe('Lora');
    expect(resolveFontFamily('display')).toBe('Playfair Display');
    expect(resolveFontFamily('monospace')).toBe('JetBrains Mono');
    expect(resolveFontFamily('Comic Sans')).toBe('Inter');
    const cats = listFontFamilies().map((f) => f.category);
    expect(cats).toEqual(expect.arrayContaining(['sans', 'serif', 'display', 'mono']));
    for (const f of listFontFamilies()) expect(f.weights).toEqual(expect.arrayContaining([400, 700]));
  });

  it('measures emoji and accented text with real glyphs (no zero-width or tofu fallbacks)', () => {
    const emoji = layoutText({ text: '🎉', fontSize: 40 }).width;
    expect(emoji).toBeGreaterThan(30);
    const pt = layoutText({ text: 'ção', fontSize: 40 }).width;
    const ascii = layoutText({ text: 'cao', fontSize: 40 }).width;
    expect(Math.abs(pt - ascii)).toBeLessThan(3);
  });
});

describe('scripts the bundled families lack', () => {
  it('have glyphs of their own (Indic, Southeast Asian, Hebrew, Arabic), not the missing-glyph box', async () => {
    await initCreativeIr();
    const width = (t: string) => layoutText({ text: t, fontSize: 40 }).width;
    // U+0378 is unassigned: every font draws its missing-glyph box, whose advance tofu would share.
    const box = width('\u0378');
    for (const sample of ['नमस्ते', 'হ্যালো', 'வணக்கம்', 'สวัสดี', 'ສະບາຍດີ', 'សួស្តី', 'မင်္ဂလာပါ', 'שלום', 'مرحبا']) {
      const boxes = [...sample].filter((ch) => Math.abs(width(ch) - box) < 0.01);
      expect(boxes, sample).toEqual([]);
    }
  });
});

describe('font packages', () => {
  it('are production dependencies of the workspace, pinned (the library reads them by path at run time)', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(FONT_PACKAGES.length).toBeGreaterThan(10);
    for (const name of FONT_PACKAGES) expect(pkg.dependencies[name], name).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('scripts written without spaces between words', () => {
  it('breaks Thai, Lao, Khmer and Burmese at dictionary word boundaries, not inside words', async () => {
    await initCreativeIr();
    for (const [lang, text] of [
      ['th', 'ภาษาไทยเป็นภาษาที่สวยงามมากและมีประวัติศาสตร์ยาวนาน'],
      ['lo', 'ພາສາລາວເປັນພາສາທີ່ງາມຫຼາຍ'],
      ['km', 'ភាសាខ្មែរគឺជាភាសាដ៏ស្រស់ស្អាតណាស់'],
      ['my', 'မြန်မာဘာသာစကားသည်လှပသောဘာသာစကားဖြစ်သည်'],
    ] as const) {
      const l = layoutText({ text, fontSize: 24, maxWidth: 160, lang });
      expect(l.lines.length, lang).toBeGreaterThan(1);
      expect(l.brokeWords, lang).toBe(false);
      expect(l.lines.map((x) => x.text).join(''), lang).toBe(text);
      // Every line ends where a word ends.
      const ends = new Set([...new Intl.Segmenter(lang, { granularity: 'word' }).segment(text)].map((w) => w.index + w.segment.length));
      let at = 0;
      for (const line of l.lines) expect(ends.has((at += line.text.length)), `${lang}: ${line.text}`).toBe(true);
    }
  });

  it('keeps Latin words whole next to Thai ones', () => {
    const text = 'Creative ภาษาไทยเป็นภาษาที่สวยงาม platform';
    const l = layoutText({ text, fontSize: 24, maxWidth: 120 });
    expect(l.brokeWords).toBe(false);
    for (const word of ['Creative', 'platform'])
      expect(
        l.lines.some((x) => x.text.split(' ').includes(word)),
        word,
      ).toBe(true);
  });
});

describe('shared line layouts (materialize)', () => {
  it('lays the same text in the same box out once, frozen, and starts over when a font is registered', async () => {
    const { materialize, registerFontBytes, bundledFontFile } = await import('../index');
    const { readFileSync } = await import('node:fs');
    const ir = {
      version: 1,
      width: 400,
      height: 200,
      root: {
        type: 'frame',
        id: 'root',
        children: [{ type: 'text', id: 't', text: 'Shared layouts for repeated renders', fontFamily: 'Shared Test Face', fontSize: 30, width: 300 }],
      },
    };
    const a = (await materialize(ir)).root.children[0].text!;
    const b = (await materialize(structuredClone(ir))).root.children[0].text!;
    expect(b).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a.lines) && Object.isFrozen(a.lines[0])).toBe(true);
    // Registering the family (with other metrics than the Inter fallback) must not reuse the old layout.
    registerFontBytes('Shared Test Face', readFileSync(bundledFontFile('JetBrains Mono')!.path));
    const c = (await materialize(ir)).root.children[0].text!;
    expect(c).not.toBe(a);
    expect(c.family).toBe('Shared Test Face');
    expect(c.width).not.toBeCloseTo(a.width, 1);
  });
});
