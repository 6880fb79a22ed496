import sharp from 'sharp';
import {
  analyzeBrief,
  buildTemplate,
  contrastRatio,
  findOverflow,
  flattenMaterialized,
  initCreativeIr,
  isNamedFormat,
  listTemplates,
  materialize,
  NAMED_FORMATS,
  TemplateInputError,
  validateIr,
} from '../index';

const FORMATS = [
  [1080, 1080],
  [1080, 1920],
  [1200, 628],
] as const;

const full = {
  intent: 'Launch our new planning app',
  title: 'Ação rápida: o novo app que organiza sua semana 🚀',
  subtitle: 'Planeje, priorize e conclua tarefas com ajuda de IA.',
  eyebrow: 'Lançamento · 12 de março',
  body: 'Mais de 10 mil equipes já usam o Focus para entregar no prazo, sem reuniões extras e com menos retrabalho.',
  cta: 'Baixe grátis',
  author: 'Marina Souza',
  role: 'Head of Product, Focus',
  insight: '73%',
  source: 'Pesquisa Focus 2025',
  language: 'pt-BR',
  brand: { name: 'Focus', website: 'focus.app', colors: ['#4f46e5', '#f59e0b', '#0f172a'] },
  data: [
    { label: 'Planejamento', value: 73 },
    { label: 'Foco', value: 58 },
    { label: 'Reuniões', value: 21 },
  ],
  items: ['Quadros inteligentes', 'Lembretes', 'Relatórios semanais', 'Integrações'],
  slide_index: 2,
  slide_total: 5,
  seed: 7,
};

const long = {
  ...full,
  title: 'An extraordinarily long headline that keeps going and going well beyond what any sensible social post would ever carry on a single image',
  body: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8),
  subtitle: 'A subtitle that is also far longer than it should be, to push the fitting loop hard. '.repeat(2),
  items: ['First very long feature name that goes on', 'Second', 'Third item of the list', 'Fourth', 'Fifth', 'Sixth', 'Seventh'],
  palette: '#fde68a, #fef3c7',
  brand: null,
};

/** Briefs in scripts the bundled families lack: Thai (no spaces between words) and Hindi (Devanagari). */
const thai = {
  title: 'แอปวางแผนใหม่ที่จัดระเบียบสัปดาห์ของคุณให้เป็นระบบ',
  subtitle: 'วางแผน จัดลำดับความสำคัญ และทำงานให้เสร็จด้วยความช่วยเหลือจากปัญญาประดิษฐ์',
  eyebrow: 'เปิดตัว · 12 มีนาคม',
  body: 'ทีมงานมากกว่าหนึ่งหมื่นทีมใช้แอปนี้เพื่อส่งงานตรงเวลาโดยไม่ต้องประชุมเพิ่มเติมและทำงานซ้ำน้อยลง',
  cta: 'ดาวน์โหลดฟรี',
  author: 'สมชาย ใจดี',
  items: ['บอร์ดอัจฉริยะ', 'การแจ้งเตือน', 'รายงานประจำสัปดาห์'],
  language: 'th',
  seed: 3,
};
const hindi = {
  title: 'नया प्लानिंग ऐप जो आपके पूरे सप्ताह को व्यवस्थित करता है',
  subtitle: 'योजना बनाएं, प्राथमिकता तय करें और एआई की मदद से काम पूरा करें',
  eyebrow: 'लॉन्च · 12 मार्च',
  body: 'दस हज़ार से अधिक टीमें समय पर काम पूरा करने के लिए इस ऐप का उपयोग करती हैं।',
  cta: 'मुफ़्त डाउनलोड करें',
  author: 'प्रिया शर्मा',
  items: ['स्मार्ट बोर्ड', 'अनुस्मारक', 'साप्ताहिक रिपोर्ट'],
  language: 'hi',
  seed: 3,
};

const logoPng = () =>
  sharp({ create: { width: 200, height: 80, channels: 4, background: '#ff3366' } })
    .png()
    .toBuffer();

describe('templates', () => {
  it('has a catalogue of at least twelve templates with names and descriptions', () => {
    const t = listTemplates();
    expect(t.length).toBeGreaterThanOrEqual(12);
    for (const x of t) expect(x.name && x.description && x.fields.length).toBeTruthy();
    expect(t.map((x) => x.id)).toEqual(
      expect.arrayContaining(['square-post', 'story', 'landscape-banner', 'quote', 'announcement', 'product', 'event', 'carousel-slide', 'data-card']),
    );
  });

  describe.each(listTemplates().map((t) => t.id))('%s', (id) => {
    it.each(FORMATS.map(([w, h]) => [`${w}x${h}`, w, h] as const))('at %s: valid IR, no overflow, readable text', async (_n, w, h) => {
      for (const brief of [full, long, {}, thai, hindi]) {
        const r = await buildTemplate(id, { brief, format: { width: w, height: h } });
        expect(validateIr(r.ir).ok).toBe(true);
        expect([r.ir.width, r.ir.height]).toEqual([w, h]);
        const m = await materialize(r.ir);
        expect(findOverflow(m), `${id} ${w}x${h} ${JSON.stringify(brief).slice(0, 40)}`).toEqual([]);
        expect(r.warnings).toEqual([]);
        for (const c of r.contrast) expect(c.ratio, `${id} ${c.id}`).toBeGreaterThanOrEqual(c.minimum);
        const texts = flattenMaterialized(m.root).filter((n) => n.text);
        expect(texts.length).toBeGreaterThan(0);
        // Thai and Hindi lines break between words, as the Portuguese ones do.
        if (brief === thai || brief === hindi)
          expect(
            texts.filter((n) => n.text!.brokeWords).map((n) => n.id),
            `${id} ${w}x${h} ${brief === thai ? 'th' : 'hi'}`,
          ).toEqual([]);
      }
    });
  });

  it('recommends named formats at which each template fits its content', async () => {
    for (const t of listTemplates()) {
      expect(t.formats.length, t.id).toBeGreaterThan(0);
      for (const name of t.formats) {
        expect(isNamedFormat(name), `${t.id}: ${name}`).toBe(true);
        const r = await buildTemplate(t.id, { brief: full, format: name });
        expect([r.ir.width, r.ir.height]).toEqual([NAMED_FORMATS[name].width, NAMED_FORMATS[name].height]);
        expect(r.warnings, `${t.id} at ${name}`).toEqual([]);
      }
    }
    expect(isNamedFormat('Instagram-Story')).toBe(true);
    expect(isNamedFormat('instagram_reel_9000')).toBe(false);
    expect(isNamedFormat('constructor')).toBe(false);
  });

  it('is deterministic for a seed and varies with it', async () => {
    const a = await buildTemplate('square-post', { brief: full });
    const b = await buildTemplate('square-post', { brief: full });
    expect(JSON.stringify(a.ir)).toBe(JSON.stringify(b.ir));
    const variants = new Set<string>();
    for (let seed = 1; seed <= 6; seed++) variants.add(JSON.stringify((await buildTemplate('square-post', { brief: { ...full, seed } })).ir));
    expect(variants.size).toBeGreaterThan(1);
  });

  it('adjusts text colors that fail WCAG contrast', async () => {
    const r = await buildTemplate('announcement', { brief: { title: 'Low contrast palette', palette: '#fef08a, #fde047' }, seed: 1 });
    const title = flattenMaterialized((await materialize(r.ir)).root).find((n) => n.id === 'title')!;
    const bg = typeof r.ir.background === 'string' ? r.ir.background : '#ffffff';
    expect(contrastRatio((title.node as { color: string }).color, bg)).toBeGreaterThanOrEqual(3);
  });

  it('places the brand logo and keeps content clear of it', async () => {
    const logo = await logoPng();
    for (const position of ['top_left', 'bottom_right', 'bottom_center'] as const) {
      const r = await buildTemplate('square-post', {
        brief: full,
        brand: { logo, logo_position: position, logo_size: 100, logo_margin: 40, colors: ['#0f172a', '#38bdf8'] },
      });
      const m = await materialize(r.ir);
      const nodes = flattenMaterialized(m.root);
      const l = nodes.find((n) => n.id === 'logo')!;
      expect(l.height).toBeCloseTo(100, 0);
      expect(l.width).toBeCloseTo(250, 0);
      if (position === 'top_left') expect([l.x, l.y]).toEqual([40, 40]);
      if (position === 'bottom_right') expect([l.x + l.width, l.y + l.height].map(Math.round)).toEqual([1040, 1040]);
      for (const t of nodes.filter((n) => n.text)) {
        const overlap = t.x < l.x + l.width && t.x + t.width > l.x && t.y < l.y + l.height && t.y + t.height > l.y;
        expect(overlap, `${position}: ${t.id} overlaps the logo`).toBe(false);
      }
    }
  });

  it('uses slide_index / slide_total in the carousel', async () => {
    const r = await buildTemplate('carousel-slide', { brief: { ...full, slide_index: 3, slide_total: 4 } });
    const ids = flattenMaterialized((await materialize(r.ir)).root).map((n) => n.id);
    expect(ids.filter((i) => i.startsWith('dot-'))).toHaveLength(4);
    expect(JSON.stringify(r.ir)).toContain('"3/4"');
  });

  it('uses data rows in the data card', async () => {
    const r = await buildTemplate('data-card', { brief: full });
    const nodes = flattenMaterialized((await materialize(r.ir)).root);
    const bars = nodes.filter((n) => /^row-\d-bar$/.test(n.id));
    expect(bars).toHaveLength(3);
    expect(bars[0].width).toBeGreaterThan(bars[1].width);
    expect(bars[1].width).toBeGreaterThan(bars[2].width);
  });

  it('accepts named formats and rejects unknown templates', async () => {
    const r = await buildTemplate('quote', { brief: { ...full, format: 'story' } });
    expect([r.ir.width, r.ir.height]).toEqual([1080, 1920]);
    await expect(buildTemplate('nope', {})).rejects.toThrow(/unknown template/);
    await expect(buildTemplate('nope', {})).rejects.toMatchObject({ path: 'template' });
  });

  it('refuses formats outside the page sizes of the IR, naming the field', async () => {
    for (const format of ['99999x99999', { width: 1080, height: 9000 }, { width: 0.5, height: 100 }]) {
      const e = await buildTemplate('quote', { brief: full, format: format as never }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(TemplateInputError);
      expect((e as TemplateInputError).path).toMatch(/^format\.(width|height)$/);
    }
  });

  it('builds a valid IR from any brief the schema accepts: odd seeds, tiny formats, long palettes, non-finite data', async () => {
    // Each of these once made a template emit an IR that failed its own validation.
    const many = Array.from({ length: 30 }, (_, i) => `#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`);
    for (const t of listTemplates()) {
      for (const input of [
        { brief: { ...full, seed: -5 } },
        { brief: { ...full, seed: 2 ** 31 } },
        { brief: full, format: '10x10' },
        { brief: full, format: { width: 1, height: 1 } },
        { brief: full, brand: { colors: many } },
        {
          brief: {
            ...full,
            data: [
              { label: 'a', value: Number.NaN },
              { label: 'b', value: Number.POSITIVE_INFINITY },
              { label: 'c', value: 1e300 },
            ],
          },
        },
      ]) {
        const r = await buildTemplate(t.id, input as never);
        expect(validateIr(r.ir).ok, `${t.id} ${JSON.stringify(input).slice(0, 80)}`).toBe(true);
        expect(r.seed).toBeGreaterThanOrEqual(0);
        expect(r.seed).toBeLessThan(2 ** 31);
      }
    }
    // A negative seed is folded, deterministically.
    const a = await buildTemplate('square-post', { brief: { ...full, seed: -5 } });
    const b = await buildTemplate('square-post', { brief: { ...full, seed: -5 } });
    expect(JSON.stringify(a.ir)).toBe(JSON.stringify(b.ir));
  });
});

describe('analyzeBrief', () => {
  it('scores a complete brief well', () => {
    const a = analyzeBrief({
      title: 'Plan your week in minutes',
      subtitle: 'Smart boards for busy teams.',
      cta: 'Try it free',
      palette: '#0f172a, #38bdf8, #ffffff',
    });
    expect(a.score).toBeGreaterThanOrEqual(85);
    expect(a.missing).toEqual([]);
    expect(a.palette.ok).toBe(true);
  });

  it('flags long fields for the format, missing fields, low-contrast palettes and hard text', () => {
    const a = analyzeBrief(long, { format: { width: 1200, height: 628 }, template: 'quote' });
    expect(a.format.name).toBe('landscape');
    expect(a.fields.find((f) => f.field === 'title')).toMatchObject({ status: 'long', limit: 50 });
    expect(a.suggestions.some((s) => /Shorten title to at most 50/.test(s))).toBe(true);
    expect(a.palette.ok).toBe(false);
    expect(a.suggestions.some((s) => /contrast/.test(s))).toBe(true);
    expect(a.score).toBeLessThan(70);
    const b = analyzeBrief({ intent: 'Sell more sneakers this weekend' }, { template: 'quote' });
    expect(b.missing).toEqual(expect.arrayContaining(['body', 'author', 'cta']));
    expect(b.suggestions.some((s) => /call to action/.test(s))).toBe(true);
  });

  it('computes readability in English and Portuguese', () => {
    const easy = analyzeBrief({ title: 'We made it. It is fast. It is fun.', body: 'Try it now. You will like it.' });
    const hard = analyzeBrief({
      title: 'Institutional interoperability considerations',
      body: 'Notwithstanding organizational heterogeneity, comprehensive infrastructural modernization necessitates multidimensional collaboration.',
    });
    expect(easy.readability.score).toBeGreaterThan(hard.readability.score!);
    expect(hard.suggestions.some((s) => /Readability/.test(s))).toBe(true);
    expect(analyzeBrief({ title: 'Olá, tudo bem?', language: 'pt-BR' }).readability.language).toBe('pt-br');
  });

  it('does not score readability with an English formula for Thai, Chinese or Hindi, and counts their words', () => {
    for (const [brief, words] of [
      [thai, 30],
      [{ title: '全新的规划应用，帮你整理一周', body: '超过一万个团队使用它按时交付，减少会议和返工。', language: 'zh' }, 10],
      [hindi, 30],
    ] as const) {
      const r = analyzeBrief(brief).readability;
      expect(r.score, brief.language).toBeNull();
      expect(r.level, brief.language).toBe('not measured');
      // Words as the language divides them (Thai and Chinese have no spaces between words).
      expect(r.words, brief.language).toBeGreaterThan(words);
    }
    // An unknown language tag is not an error.
    expect(analyzeBrief({ title: 'Hello there', language: 'not a tag!' }).readability.words).toBe(2);
  });

  it('says when no bundled font draws the brief (Chinese: boxes), and not for scripts it has', async () => {
    await initCreativeIr();
    const zh = analyzeBrief({ title: '全新的规划应用', cta: '免费下载', language: 'zh' });
    expect(zh.suggestions).toEqual(
      expect.arrayContaining([expect.stringMatching(/^No bundled font draws 11 of the brief's characters \(全 新 的 规 划 …\): they would render as boxes/)]),
    );
    expect(zh.score).toBeLessThanOrEqual(80);
    for (const brief of [thai, hindi, full]) expect(analyzeBrief(brief).suggestions.filter((x) => /boxes/.test(x))).toEqual([]);
  });

  it('counts Chinese, Japanese, Korean and emoji as two columns against the length limits', () => {
    // 40 ideographs take the width of about 80 Latin letters: over the square title limit of 60.
    const wide = analyzeBrief({ title: '全新的规划应用帮你整理一周'.repeat(3) + '全' }, { format: { width: 1080, height: 1080 } });
    expect(wide.fields.find((f) => f.field === 'title')).toMatchObject({ length: 80, limit: 60, status: 'long' });
    // Combining marks add nothing: Hindi's 40 letters with their vowel signs stay under 60.
    const hi = analyzeBrief({ title: 'नया प्लानिंग ऐप जो आपके सप्ताह को व्यवस्थित करे' });
    expect(hi.fields.find((f) => f.field === 'title')!.status).toBe('ok');
    expect(analyzeBrief({ title: 'Launch 🚀' }).fields.find((f) => f.field === 'title')!.length).toBe(9);
  });
});
