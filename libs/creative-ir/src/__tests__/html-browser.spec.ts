import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { buildTemplate, rasterize, renderHtml, type IrDocument } from '../index';
import { designs } from './designs';
import { comparePixels } from './fixtures';

// Debian's Chromium (apt-get install chromium); the test never downloads a browser.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The HTML export is a page that must look like the render: loaded in a real browser, with only the
 * fonts it embeds (subset to the glyphs it draws), its screenshot is compared with the library's
 * own raster of the same IR.
 */
(!existsSync(CHROMIUM) ? describe.skip : describe)('HTML export in a real browser (Chromium through playwright-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function screenshot(html: string, width: number, height: number): Promise<Buffer> {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    try {
      await page.setContent(html, { waitUntil: 'load' });
      // Fonts embedded as data URLs have loaded by 'load'; wait for the page's font set all the same.
      await page.evaluate('document.fonts.ready.then(() => undefined)');
      return await sharp(await page.screenshot({ type: 'png' }))
        .ensureAlpha()
        .raw()
        .toBuffer();
    } finally {
      await page.close();
    }
  }

  it('looks like the render, with subset fonts, for the benchmark designs and templates', async () => {
    const docs: { name: string; ir: IrDocument; assets: Record<string, Buffer> }[] = (await designs()).map((d) => ({
      name: d.name,
      ir: d.ir,
      assets: d.assets,
    }));
    const brief = {
      title: 'Ten principles for good design',
      eyebrow: 'Design notes',
      subtitle: 'Less, but better.',
      cta: 'Read more',
      author: 'Dieter Rams',
      body: 'Good design is as little design as possible. Ação, café, naïve.',
      items: ['One', 'Two', 'Three'],
      seed: 5,
    };
    for (const id of ['quote', 'listicle', 'testimonial']) docs.push({ name: id, ir: (await buildTemplate(id, { brief })).ir, assets: {} });
    // Scripts the renderer draws with its fallback faces (the page must embed them: without, the
    // browser took the system's Hebrew and Arabic, 4.2% of pixels far off), emoji, accents, spacing.
    const text = (t: string, extra: Record<string, unknown> = {}) => ({
      type: 'text' as const,
      text: t,
      fontSize: 40,
      layoutSizingHorizontal: 'fill' as const,
      color: '#111111',
      ...extra,
    });
    docs.push({
      name: 'scripts',
      ir: {
        version: 1,
        width: 800,
        height: 600,
        background: '#ffffff',
        root: {
          type: 'frame',
          id: 'root',
          layoutMode: 'vertical',
          paddingTop: 40,
          paddingLeft: 40,
          paddingRight: 40,
          itemSpacing: 20,
          children: [
            text('שלום עולם, זהו טקסט בעברית שנשבר לשורות'),
            text('مرحبا بالعالم هذا نص عربي طويل', { textAlign: 'right' }),
            text('Ação rápida 🎉👍 café naïve', { color: '#333333' }),
            text('Centered, letter-spaced, two lines of text here', { fontSize: 32, letterSpacing: 4, textAlign: 'center', maxLines: 2, color: '#cc0000' }),
            text('justify justify justify justify justify justify justify justify justify end', { fontSize: 28, textAlign: 'justify', color: '#003366' }),
          ],
        },
      },
      assets: {},
    });
    // Indic and Southeast Asian scripts, on a page of their own so that a missing face shows.
    docs.push({
      name: 'indic and thai',
      ir: {
        version: 1,
        width: 800,
        height: 200,
        background: '#ffffff',
        root: {
          type: 'frame',
          id: 'root',
          layoutMode: 'vertical',
          paddingTop: 30,
          paddingLeft: 40,
          paddingRight: 40,
          itemSpacing: 16,
          children: [text('नमस्ते दुनिया · হ্যালো বিশ্ব'), text('สวัสดีชาวโลก · வணக்கம் உலகம்')],
        },
      },
      assets: {},
    });
    for (const d of docs) {
      const html = await renderHtml(d.ir, { assets: d.assets });
      const shot = await screenshot(html, d.ir.width, d.ir.height);
      const ours = (await rasterize(d.ir, { assets: d.assets })).pixels;
      // Chromium snaps text baselines to whole pixels and the raster keeps them fractional: the
      // screenshot is compared as it is and moved up and down by one row, and the best counts.
      const row = d.ir.width * 4;
      const { mean, off } = [0, 1, -1]
        .map((dy) =>
          dy === 0
            ? comparePixels(shot, ours)
            : dy > 0
              ? comparePixels(shot.subarray(row), ours.subarray(0, ours.length - row))
              : comparePixels(shot.subarray(0, shot.length - row), ours.subarray(row)),
        )
        .reduce((best, c) => (c.mean < best.mean ? c : best));
      expect(mean, `${d.name}: mean difference`).toBeLessThan(4);
      expect(off, `${d.name}: share of pixels far off`).toBeLessThan(0.03);
    }
  }, 120_000);

  it('would not look like the render without its fonts (the comparison can fail)', async () => {
    const [text] = await designs();
    const bare = await screenshot(await renderHtml(text.ir, { embedFonts: false }), 1080, 1080);
    const ours = (await rasterize(text.ir)).pixels;
    const { off } = comparePixels(bare, ours);
    expect(off).toBeGreaterThan(0.03);
  }, 60_000);
});
