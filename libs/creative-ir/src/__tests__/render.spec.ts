import zlib from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import {
  encodeRaster,
  fontCodePoints,
  listProceduralStyles,
  materialize,
  prepare,
  proceduralDocument,
  proceduralFrames,
  rasterize,
  renderHtml,
  renderIr,
  renderPreview,
  RenderOptionsError,
} from '../index';
import { designs } from './designs';
import { doc, rect } from './fixtures';

const magic = (b: Buffer) => b.subarray(0, 12);

async function raw(png: Buffer) {
  return sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

function meanDiff(a: Buffer, b: Buffer): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i] - b[i]);
  return s / a.length;
}

describe('renderIr', () => {
  it('draws the same bytes on the canvas it keeps between renders as on a new one, whatever the render before it left', async () => {
    const all = await designs();
    // Transparent output shows any pixel a previous render left on the canvas.
    const clear = await renderIr(all[0].ir, { assets: all[0].assets, transparent: true });
    const first = await Promise.all(all.map((d) => renderIr(d.ir, { assets: d.assets })));
    expect(Buffer.compare(Buffer.from((await renderIr(all[0].ir, { assets: all[0].assets, transparent: true })).data), Buffer.from(clear.data))).toBe(0);
    // Each again, after every other design drew on the kept canvas (blurs, clips, opacity, procedural layers).
    for (const [i, d] of [...all.entries()].reverse()) {
      const again = await renderIr(d.ir, { assets: d.assets });
      expect(Buffer.compare(Buffer.from(again.data), Buffer.from(first[i].data)), d.name).toBe(0);
    }
  });

  it('renders the same IR to byte-identical PNGs', async () => {
    const [, , , , mixed] = await designs();
    const a = await renderIr(mixed.ir, { assets: mixed.assets });
    const b = await renderIr(mixed.ir, { assets: mixed.assets });
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.warnings).toEqual([]);
  });

  it('encodes PNG, JPEG, WebP, AVIF, SVG and PDF', async () => {
    const d = proceduralDocument({ width: 320, height: 200, title: 'Formats', eyebrow: 'all of them' });
    const out = Object.fromEntries(
      await Promise.all((['png', 'jpeg', 'webp', 'avif', 'svg', 'pdf'] as const).map(async (f) => [f, (await renderIr(d, { format: f })).data] as const)),
    );
    expect(magic(out.png).subarray(1, 4).toString()).toBe('PNG');
    expect(out.jpeg[0]).toBe(0xff);
    expect(out.jpeg[1]).toBe(0xd8);
    expect(magic(out.webp).subarray(8, 12).toString()).toBe('WEBP');
    expect(magic(out.avif).subarray(4, 12).toString()).toMatch(/ftypavi/);
    expect(out.svg.toString()).toMatch(/<svg[^>]*width="320"/);
    expect(out.svg.toString()).toContain('<path');
    expect(out.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const meta = await sharp(out.png).metadata();
    expect([meta.width, meta.height]).toEqual([320, 200]);
  });

  it('refuses render options out of range with the option named, before drawing anything', async () => {
    const d = doc({ children: [rect('r', 100, 100)] }, 1080, 1080);
    const cases: [Record<string, unknown>, string][] = [
      [{ scale: 0 }, 'scale'],
      [{ scale: Number.NaN }, 'scale'],
      [{ scale: 20 }, 'scale'], // 21600 px a side: 1.8 GB of RGBA
      [{ resizeWidth: 0 }, 'resizeWidth'],
      [{ resizeWidth: 1.5 }, 'resizeWidth'],
      [{ resizeWidth: 1_000_000 }, 'resizeWidth'],
      [{ quality: 0, format: 'jpeg' }, 'quality'],
      [{ quality: 101, format: 'webp' }, 'quality'],
      [{ format: 'gif' }, 'format'],
      [{ pngCompressionLevel: 10 }, 'pngCompressionLevel'],
      [{ pngEncoding: 'lossy' }, 'pngEncoding'],
    ];
    for (const [options, field] of cases) {
      const e = await renderIr(d, options as never).catch((x: unknown) => x);
      expect(e, JSON.stringify(options)).toBeInstanceOf(RenderOptionsError);
      expect((e as RenderOptionsError).path).toBe(field);
    }
    // Within the limits: the largest page at 1x, a 2x render of 1080, vector output at any scale.
    expect((await renderIr(d, { scale: 2, format: 'jpeg', quality: 1 })).width).toBe(2160);
    expect((await renderIr(d, { scale: 20, format: 'svg' })).format).toBe('svg');
    await expect(encodeRaster(Buffer.alloc(4 * 4 * 4), 4, 4, 'webp', { resizeWidth: 100_000 })).rejects.toBeInstanceOf(RenderOptionsError);
  });

  it('scales raster output and makes previews', async () => {
    const d = proceduralDocument({ width: 400, height: 200 });
    const two = await renderIr(d, { scale: 2 });
    expect(await sharp(two.data).metadata()).toMatchObject({ width: 800, height: 400 });
    const prev = await renderPreview(d, 100);
    expect(await sharp(prev.data).metadata()).toMatchObject({ width: 100, height: 50, format: 'webp' });
  });

  it('draws text inside the boxes that materialize computed', async () => {
    const d = doc(
      {
        layoutMode: 'vertical',
        paddingTop: 20,
        paddingLeft: 30,
        itemSpacing: 10,
        children: [
          { type: 'text', id: 'a', text: 'Ação jógá Ÿy', fontSize: 40, fontFamily: 'display', fontWeight: 700 },
          { type: 'text', id: 'b', text: 'Wrapped body text that breaks into lines', fontSize: 22, width: 200, lineHeight: 1.4 },
        ],
      },
      300,
      260,
      { background: '#ffffff' },
    );
    const r = await rasterize(d);
    const boxes = r.materialized.root.children.map((c) => ({ x0: c.x, y0: c.y, x1: c.x + c.width, y1: c.y + c.height }));
    let outside = 0;
    let inked = 0;
    for (let y = 0; y < r.height; y++) {
      for (let x = 0; x < r.width; x++) {
        const i = (y * r.width + x) * 4;
        if (r.pixels[i] > 200) continue; // background
        inked++;
        if (!boxes.some((b) => x >= b.x0 - 1 && x <= b.x1 + 1 && y >= b.y0 - 1 && y <= b.y1 + 1)) outside++;
      }
    }
    expect(inked).toBeGreaterThan(500);
    expect(outside).toBe(0);
  });

  it('applies container opacity to the composited container (overlaps do not darken)', async () => {
    const d = doc(
      {
        children: [
          {
            type: 'frame',
            id: 'g',
            width: 100,
            height: 40,
            opacity: 0.5,
            children: [
              { type: 'rect', id: 'r1', x: 0, y: 0, width: 60, height: 40, fills: [{ type: 'solid', color: '#000000' }] },
              { type: 'rect', id: 'r2', x: 40, y: 0, width: 60, height: 40, fills: [{ type: 'solid', color: '#000000' }] },
            ],
          },
        ],
      },
      100,
      40,
      { background: '#ffffff' },
    );
    for (const scale of [1, 2]) {
      const { pixels, width } = await rasterize(d, { scale });
      const at = (x: number) => pixels[(10 * scale * width + x * scale) * 4];
      expect(Math.abs(at(20) - 128)).toBeLessThanOrEqual(2);
      expect(at(50)).toBe(at(20));
    }
    const svg = (await renderIr(d, { format: 'svg' })).data.toString();
    expect(svg).toContain('<image');
  });

  it('draws color emoji and accented text instead of tofu', async () => {
    const d = doc({ children: [{ type: 'text', id: 't', text: '🎉', fontSize: 80, x: 10, y: 10 }] }, 120, 120, { background: '#ffffff' });
    const { pixels } = await rasterize(d);
    let colorful = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const r = pixels[i],
        g = pixels[i + 1],
        b = pixels[i + 2];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 80) colorful++;
    }
    expect(colorful).toBeGreaterThan(200);
  });

  it('warns about characters no font has (they draw as boxes), naming them, and only about those', async () => {
    const page = (text: string, extra: Record<string, unknown> = {}) =>
      doc({ children: [{ type: 'text', id: 't', text, fontSize: 40, x: 10, y: 10, width: 700, ...extra }] }, 720, 200, { background: '#ffffff' });
    const cjk = await renderIr(page('Launch 你好世界 — ok'));
    expect(cjk.warnings).toEqual([
      {
        id: 't',
        code: 'glyphs_missing',
        message: expect.stringMatching(/^no font has 4 of its characters \(你 U\+4F60, 好 U\+597D, 世 U\+4E16, 界 U\+754C\); they draw as boxes/),
      },
    ]);
    const ethiopic = await materialize(page('ሰላም', { fontFamily: 'Playfair Display', fontWeight: 700 }));
    expect(ethiopic.warnings.map((w) => w.message)).toEqual([expect.stringContaining('3 of its characters (ሰ U+1230, ላ U+120B, ም U+121D)')]);
    // Scripts with a face, emoji, accents, symbols: nothing to report, in any bundled family.
    for (const fontFamily of ['Inter', 'Lora', 'Playfair Display', 'JetBrains Mono']) {
      const fine = await materialize(page('Ação — “ok” ① ≠ € Привет Ελληνικά Tiếng Việt 🎉👍🏽 नमस्ते สวัสดี שלום مرحبا', { fontFamily }));
      expect(fine.warnings, `${fontFamily}: ${JSON.stringify(fine.warnings)}`).toEqual([]);
    }
    // Hidden text is not drawn: no warning (it used to say "does not fit its box" of its 0 x 0 box).
    expect((await materialize(page('你好', { visible: false }))).warnings).toEqual([]);
    const inHidden = doc({
      children: [{ type: 'frame', id: 'f', visible: false, layoutMode: 'vertical', children: [{ type: 'text', id: 't', text: '你好' }] }],
    });
    expect((await materialize(inHidden)).warnings).toEqual([]);
  });

  it('scales oversized images down before decoding and refuses image bombs with a warning', async () => {
    const d = doc({ children: [{ type: 'image', id: 'big', src: 'asset:big', x: 0, y: 0, width: 400, height: 300 }] });
    // 6000 x 6000 (36 Mpx, 144 MB decoded) is scaled to the 32 Mpx the cache holds, then drawn.
    const big = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#336699' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const r = await rasterize(d, { assets: { big } });
    expect(r.warnings).toEqual([]);
    expect([...r.pixels.subarray(0, 3)]).toEqual([0x33, 0x66, 0x99]);
    const decoded = (await prepare(d, { assets: { big } })).images.get('asset:big')!;
    expect(decoded.width * decoded.height).toBeLessThanOrEqual(32_000_000);
    expect(decoded.width).toBe(decoded.height);
    // A PNG header claiming 30000 x 30000 px (3.6 GB of RGBA) is refused from its header alone.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const out = Buffer.alloc(12 + data.length);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
      return out;
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(30000, 0);
    ihdr.writeUInt32BE(30000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const refused = await rasterize(d, { assets: { big: bomb } });
    expect(refused.warnings[0]).toMatchObject({ id: 'big' });
  });

  it('resolves asset images, warns about missing ones', async () => {
    const [, , image] = await designs();
    const ok = await renderIr(image.ir, { assets: image.assets });
    expect(ok.warnings).toEqual([]);
    const missing = await renderIr(image.ir, { assets: {} });
    expect(missing.warnings[0]).toMatchObject({ id: 'photo' });
    const viaFn = await renderIr(image.ir, { assets: async (id) => image.assets[id] });
    expect(viaFn.data.equals(ok.data)).toBe(true);
  });

  it('renders every procedural style; phase moves smoothly and loops', async () => {
    const styles = listProceduralStyles();
    expect(styles.length).toBeGreaterThanOrEqual(8);
    for (const s of styles) {
      expect(s.name).toBeTruthy();
      expect(s.description).toBeTruthy();
      const at = async (phase: number) => raw((await renderIr(proceduralDocument({ style: s.id, width: 160, height: 160, phase }))).data);
      const a = await at(0);
      const b = await at(0.01);
      const c = await at(0.5);
      const loop = await at(1);
      const small = meanDiff(a.data, b.data);
      const big = meanDiff(a.data, c.data);
      expect(small, `${s.id} small step`).toBeLessThan(Math.max(2, big / 3));
      expect(meanDiff(a.data, loop.data), `${s.id} loops`).toBeLessThan(1.5);
      const other = await raw((await renderIr(proceduralDocument({ style: s.id, width: 160, height: 160, seed: 99 }))).data);
      expect(meanDiff(a.data, other.data), `${s.id} seed`).toBeGreaterThan(0.5);
    }
  });

  it('renders procedural nodes of any size a valid IR allows (extreme strips included) in every format', async () => {
    // A 1 x 1e9 halftone strip had ~1e10 dots to place, and the HTML export asked for a 1e9 px raster.
    for (const s of listProceduralStyles()) {
      for (const [width, height] of [
        [1, 1e9],
        [1e9, 3],
        [1e6, 1e6],
      ]) {
        const d = doc({ children: [{ type: 'procedural', id: 'p', style: s.id, x: 0, y: 0, width, height }] });
        const png = await renderIr(d);
        expect((await raw(png.data)).info.width, `${s.id} ${width}x${height}`).toBe(400);
        if (width === 1) expect((await renderIr(d, { format: 'svg' })).data.length).toBeGreaterThan(0);
        const html = await renderHtml(d);
        const url = /background-image:url\(data:image\/webp;base64,([^)]+)\)/.exec(html);
        const meta = await sharp(Buffer.from(url![1], 'base64')).metadata();
        expect(Math.max(meta.width!, meta.height!), `${s.id} ${width}x${height} HTML raster`).toBeLessThanOrEqual(400);
      }
    }
  });

  it('draws box shadows (nine patches of a small blur) as a full-size canvas shadow would', async () => {
    const shadows = [
      { x: 7, y: 20.5, blur: 40, color: 'rgba(0,0,0,0.6)' },
      { x: -3, y: 2, blur: 6, color: 'rgba(0,0,255,0.3)' },
    ];
    for (const cornerRadius of [0, 24, [40, 0, 10, 60] as [number, number, number, number]]) {
      for (const [x, y, scale] of [
        [150, 120, 1],
        [150.3, 120.7, 1],
        [150.3, 120.7, 2],
      ]) {
        const d = doc({ children: [rect('card', 500, 300, { x, y, cornerRadius, fills: [{ type: 'solid', color: '#ffffff' }], shadows })] }, 800, 600, {
          background: '#eeeeee',
        });
        const ours = (await rasterize(d, { scale })).pixels;
        // The same shape with canvas shadows of the whole shape: each one cast by a copy drawn out of
        // sight (so that the card's anti-aliased edge is painted once), then the card.
        const c = createCanvas(800 * scale, 600 * scale);
        const ctx = c.getContext('2d');
        ctx.scale(scale, scale);
        ctx.fillStyle = '#eeeeee';
        ctx.fillRect(0, 0, 800, 600);
        const card = (dx: number) => {
          ctx.beginPath();
          ctx.roundRect(x + dx, y, 500, 300, cornerRadius);
          ctx.fill();
        };
        for (const s of shadows) {
          ctx.save();
          ctx.shadowColor = s.color;
          ctx.shadowBlur = s.blur * scale;
          ctx.shadowOffsetX = (s.x + 4000) * scale;
          ctx.shadowOffsetY = s.y * scale;
          card(-4000);
          ctx.restore();
        }
        ctx.fillStyle = '#ffffff';
        card(0);
        const expected = c.data();
        let max = 0;
        for (let i = 0; i < expected.length; i++) max = Math.max(max, Math.abs(expected[i] - ours[i]));
        expect(max, `radius ${JSON.stringify(cornerRadius)} at ${x},${y} x${scale}`).toBeLessThanOrEqual(2);
        // The shadow is there: below the card, darker than the page.
        const below = (Math.round((y + 300 + 20) * scale) * 800 * scale + Math.round((x + 250) * scale)) * 4;
        expect(ours[below]).toBeLessThan(0xee - 20);
      }
    }
  });

  it("casts a cut-out image's shadow from its alpha (its outline), not from its box, in raster and vector output (PNG, SVG)", async () => {
    // A product cut out on a transparent ground: an opaque disc in the middle of a 400x400 image.
    const cutout = await sharp(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="200" cy="200" r="120" fill="#c0392b"/></svg>'),
    )
      .png()
      .toBuffer();
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const shadow = { x: 0, y: 24, blur: 24, color: 'rgba(0,0,0,0.5)' };
    const page = (src: string) =>
      doc({ children: [{ type: 'image', id: 'product', src, x: 100, y: 100, width: 400, height: 400, fit: 'contain', shadows: [shadow] }] }, 600, 600, {
        background: '#ffffff',
      });
    const at = (px: Buffer | Uint8Array, x: number, y: number) => px[(y * 600 + x) * 4];
    // SVG stands for the vector backends (PDF draws the same way; sharp reads no PDF to check it).
    for (const format of ['png', 'svg'] as const) {
      const out = await renderIr(page('asset:cutout'), { format, assets: { cutout } });
      const { data } = format === 'png' ? await raw(out.data) : await raw(await sharp(out.data, { density: 72 }).resize(600, 600).png().toBuffer());
      // The image box's corners are see-through and far from the disc: the page shows, no grey rectangle.
      for (const [x, y] of [
        [115, 115],
        [485, 115],
        [115, 485],
        [485, 485],
      ])
        expect(at(data, x, y), `${format} corner ${x},${y}`).toBeGreaterThanOrEqual(250);
      // Under the disc's lower edge, the shadow its outline casts.
      expect(at(data, 300, 300 + 120 + 12), `${format} under the disc`).toBeLessThan(235);
    }
    // An ordinary (opaque) photo still casts its box's shadow, under its lower edge.
    const opaque = (await rasterize(page('asset:photo'), { assets: { photo } })).pixels;
    expect(at(opaque, 300, 500 + 12)).toBeLessThan(235);
    // The HTML export casts it from the alpha too: a drop-shadow filter, not a box-shadow.
    const html = await renderHtml(page('asset:cutout'), { assets: { cutout } });
    expect(html).toMatch(/data-id="product"[^>]*filter:drop-shadow\(/);
    expect(html).not.toMatch(/data-id="product"[^>]*box-shadow/);
  });

  it('draws shadows of huge shapes and huge blurs without showing the shape or asking for a huge raster', async () => {
    // The shadow-only trick draws the shape far to the left: a shape wider than that distance showed.
    const wide = doc({
      children: [
        rect('r', 1e6, 300, { x: 0, y: 0, fills: [{ type: 'solid', color: 'rgba(255,255,255,0.5)' }], shadows: [{ x: 0, y: 0, blur: 4, color: '#ffffff' }] }),
      ],
    });
    const px = (await rasterize(wide)).pixels;
    const mid = (150 * 400 + 200) * 4;
    expect([px[mid], px[mid + 1], px[mid + 2]]).toEqual([255, 255, 255]);
    // Vector output rasterizes blurred shadows: at most ~4 Mpx whatever the shape or blur.
    for (const [w, h, blur] of [
      [920, 24_000, 60],
      [200, 100, 1e6],
      [1e6, 1e6, 10],
    ]) {
      const d = doc({ children: [rect('card', w, h, { x: 10, y: 10, shadows: [{ x: 0, y: 24, blur, color: 'rgba(0,0,0,0.25)' }] })] });
      for (const format of ['svg', 'pdf'] as const) expect((await renderIr(d, { format })).data.length, `${w}x${h} blur ${blur} ${format}`).toBeLessThan(30e6);
    }
  });

  it('embeds dot textures (grain, halftone) as rasters in SVG and PDF instead of megabytes of paths', async () => {
    for (const style of ['grain', 'halftone'] as const) {
      const d = proceduralDocument({ style, width: 1080, height: 1080, density: 4 });
      const svg = (await renderIr(d, { format: 'svg' })).data;
      // As vectors: grain 52 MB, halftone 24 MB.
      expect(svg.length, style).toBeLessThan(2_000_000);
      expect(svg.toString('latin1')).toContain('data:image/png;base64,');
      expect((await renderIr(d, { format: 'pdf' })).data.length, style).toBeLessThan(1_000_000);
    }
    // Styles that are a few shapes stay vectors.
    const waves = (await renderIr(proceduralDocument({ style: 'waves', width: 1080, height: 1080 }), { format: 'svg' })).data.toString('latin1');
    expect(waves).not.toContain('data:image');
    expect(waves).toContain('<path');
    // The grid's 1,764 dots are vectors too, as cubic circles: Skia's arcs (~32 segments each) made 4.5 MB.
    const grid = (await renderIr(proceduralDocument({ style: 'grid', width: 1080, height: 1080, density: 4 }), { format: 'svg' })).data;
    expect(grid.toString('latin1')).not.toContain('data:image');
    expect(grid.length).toBeLessThan(600_000);
  });

  it('renders a looping frame sequence by phase', async () => {
    const frames: Buffer[] = [];
    for await (const f of proceduralFrames({ style: 'waves', width: 96, height: 96 }, 4, (d) => renderIr(d).then((r) => r.data))) frames.push(f);
    expect(frames).toHaveLength(4);
    expect(new Set(frames.map((f) => f.toString('base64'))).size).toBe(4);
  });

  it('is resolution independent: a 2x render downscaled matches the 1x render', async () => {
    const d = proceduralDocument({ style: 'waves', width: 200, height: 200 });
    const one = await raw((await renderIr(d)).data);
    const twoPng = (await renderIr(d, { scale: 2 })).data;
    const down = await sharp(twoPng).resize(200, 200).ensureAlpha().raw().toBuffer();
    expect(meanDiff(one.data, down)).toBeLessThan(6);
  });
});

describe('renderHtml', () => {
  it('exports a standalone page with absolute boxes, lines and embedded fonts', async () => {
    const [text] = await designs();
    const html = await renderHtml(text.ir);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('@font-face{font-family:"Playfair Display";font-weight:700');
    expect(html).toContain('@font-face{font-family:"Lora"');
    expect(html).toContain('data-id="title"');
    expect(html).toContain('left:96px;top:');
    expect(html).not.toMatch(/https?:\/\//);
    // Style attributes must survive HTML parsing: font lists use single quotes inside them.
    expect(html).toContain("font-family:'Playfair Display', 'Twemoji Mozilla'");
    for (const m of html.matchAll(/ style="([^"]*)"/g)) expect(m[1]).not.toMatch(/font-family:\s*$/);
    // Faces are cut to the glyphs the page draws: the whole four faces are ~1.3 MB.
    expect(html.length).toBeLessThan(150_000);
    expect((await renderHtml(text.ir, { subsetFonts: false })).length).toBeGreaterThan(1_000_000);
  });

  it('keeps the decomposed parts of characters in subset faces (shapers decompose, e.g. Bengali vowel sign o)', async () => {
    const html = await renderHtml(doc({ children: [{ type: 'text', id: 't', text: 'হ্যালো', fontSize: 40, x: 10, y: 10 }] }));
    const faces = [
      ...html.matchAll(/@font-face\{font-family:"Noto Sans Bengali";font-weight:(\d+);font-style:normal;src:url\(data:font\/ttf;base64,([^)]+)\)/g),
    ];
    expect(faces.length).toBeGreaterThan(0);
    for (const [, , base64] of faces) {
      const mapped = fontCodePoints(Buffer.from(base64, 'base64'))!;
      // U+09CB is U+09C7 U+09BE once decomposed; without them Chromium drew a dotted circle.
      for (const cp of [0x09cb, 0x09c7, 0x09be, 0x09b9]) expect(mapped.has(cp), cp.toString(16)).toBe(true);
      expect(mapped.has(0x0995)).toBe(false);
    }
  });

  it('embeds images and procedural backgrounds as data URLs', async () => {
    const [, , , , mixed] = await designs();
    const html = await renderHtml(mixed.ir, { assets: mixed.assets });
    // The benchmark photo is smooth: its WebP (16 KB) is smaller than the JPEG (27 KB).
    expect(html).toContain('<img alt="" src="data:image/webp;base64,');
    // A grainy JPEG is smaller than its WebP: it goes in as itself, not encoded a second time.
    const grainy = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .jpeg({ quality: 50 })
      .toBuffer();
    const g = await renderHtml(doc({ children: [{ type: 'image', id: 'g', src: 'asset:grainy', x: 0, y: 0, width: 300, height: 200 }] }), {
      assets: { grainy },
    });
    expect(g).toContain(`<img alt="" src="data:image/jpeg;base64,${grainy.toString('base64')}"`);
    const p = await renderHtml(proceduralDocument({ width: 200, height: 200, title: 'Hi' }));
    expect(p).toContain('background-image:url(data:image/webp;base64,');
  });
});
