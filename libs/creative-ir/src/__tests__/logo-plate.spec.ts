import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { buildTemplate, contrastRatio, flattenMaterialized, initCreativeIr, listTemplates, materialize, renderIr, type IrDocument } from '../index';
import { logoObstacles, LOGO_MAX_SMALL_SHARE } from '../templates/engine';
import { groundPixels, groundUnder, inkContrast, logoInk, logoPlate, lostInk, lostOnPixels, plateColor } from '../templates/logo-plate';

/** A wordmark logo (a disc and "Acme") in one colour on transparency. */
function logo(color: string): Buffer {
  const c = createCanvas(360, 120);
  const x = c.getContext('2d');
  x.fillStyle = color;
  x.beginPath();
  x.arc(60, 60, 50, 0, Math.PI * 2);
  x.fill();
  x.font = 'bold 64px sans-serif';
  x.fillText('Acme', 130, 82);
  return c.toBuffer('image/png');
}

const page = (children: IrDocument['root']['children'], background = '#ffffff'): IrDocument => ({
  version: 1,
  width: 400,
  height: 400,
  background,
  root: { type: 'frame', id: 'root', width: 400, height: 400, children },
});
const box = { x: 300, y: 340, width: 80, height: 40 };

beforeAll(() => initCreativeIr());

describe('logo plates: what lies behind a logo', () => {
  it('reads the ground from the paint in drawing order: the page, a solid over it, a photo, a scrim over the photo', async () => {
    const dark = await materialize(page([], '#101820'));
    expect(groundUnder(dark, box, 'logo')).toEqual({ light: '#101820', dark: '#101820' });
    // A photo can be anything: white to black.
    const photo = await materialize(page([{ type: 'image', id: 'photo', src: 'asset:photo', x: 0, y: 0, width: 400, height: 400 }]));
    expect(groundUnder(photo, box, 'logo')).toEqual({ light: '#ffffff', dark: '#000000' });
    // A scrim darkening the bottom narrows it where the logo is (evaluated there, not over its whole length).
    const scrim = {
      type: 'rect' as const,
      id: 'scrim',
      x: 0,
      y: 0,
      width: 400,
      height: 400,
      fills: [
        {
          type: 'linear-gradient' as const,
          angle: 180,
          stops: [
            { offset: 0, color: 'rgba(0,0,0,0)' },
            { offset: 1, color: 'rgba(0,0,0,0.8)' },
          ],
        },
      ],
    };
    const g = groundUnder(await materialize(page([photo.root.children[0].node, scrim])), box, 'logo');
    expect(g.dark).toBe('#000000');
    expect(contrastRatio('#ffffff', g.light)).toBeGreaterThan(3);
    expect(contrastRatio('#111111', g.dark)).toBeLessThan(2);
    // At the top of the same scrim, the photo shows nearly as it is.
    expect(groundUnder(await materialize(page([photo.root.children[0].node, scrim])), { ...box, y: 10 }, 'logo').light).not.toBe(g.light);
    // A band over part of the logo widens the range; text and the logo itself are not ground.
    const band = { type: 'rect' as const, id: 'band', x: 0, y: 360, width: 400, height: 40, fills: [{ type: 'solid' as const, color: '#000000' }] };
    const text = { type: 'text' as const, id: 't', text: 'Hi', x: 300, y: 340, width: 80, color: '#ff0000' };
    expect(groundUnder(await materialize(page([band, text])), box, 'logo')).toEqual({ light: '#ffffff', dark: '#000000' });
  });

  it('measures a logo’s ink by luminance, and how much of it falls under 3:1 against a ground', async () => {
    const darkInk = (await logoInk(logo('#111111')))!;
    const lightInk = (await logoInk(logo('#f4f4f4')))!;
    expect(darkInk.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    expect(lostInk(darkInk, { light: '#0b1020', dark: '#0b1020' })).toBeGreaterThan(0.8);
    expect(lostInk(darkInk, { light: '#fafafa', dark: '#fafafa' })).toBeLessThan(0.1);
    expect(lostInk(lightInk, { light: '#fafafa', dark: '#fafafa' })).toBeGreaterThan(0.8);
    expect(lostInk(lightInk, { light: '#ffffff', dark: '#000000' })).toBeGreaterThan(0.8);
    expect(await logoInk(Buffer.from('not an image'))).toBeUndefined();
  });

  it('every template, dark and light logos, two corners: the logo shows against the pixels drawn around it (a plate where the ground would hide it)', async () => {
    const logos = { dark: logo('#111111'), light: logo('#f4f4f4') };
    const brief = {
      title: 'Summer sale starts now',
      eyebrow: 'Limited time',
      subtitle: 'Everything 30% off',
      cta: 'Shop now',
      items: ['One', 'Two'],
      author: 'Ana Lima',
      insight: '30%',
      format: 'instagram_post' as const,
      seed: 3,
    };
    const failures: string[] = [];
    let plates = 0;
    let bare = 0;
    for (const t of listTemplates()) {
      for (const [name, bytes] of Object.entries(logos)) {
        for (const position of ['bottom_right', 'top_left'] as const) {
          const r = await buildTemplate(t.id, { brief, brand: { logo: bytes, logo_position: position } });
          const nodes = flattenMaterialized((await materialize(r.ir)).root);
          const l = nodes.find((n) => n.id === 'logo')!;
          const plate = nodes.find((n) => n.id === 'logo-plate');
          if (plate) {
            plates++;
            // Behind the logo and around it.
            expect(r.ir.root.children!.findIndex((c) => c.id === 'logo-plate')).toBe(r.ir.root.children!.findIndex((c) => c.id === 'logo') - 1);
            expect(plate.x <= l.x && plate.y <= l.y && plate.x + plate.width >= l.x + l.width && plate.y + plate.height >= l.y + l.height).toBe(true);
          } else bare++;
          // The pixels in a ring around the logo's box (on the plate when there is one), against the logo's ink.
          const { data, info } = await sharp((await renderIr(r.ir, { format: 'png', scale: 0.5 })).data)
            .raw()
            .toBuffer({ resolveWithObject: true });
          const s = 0.5;
          const pad = Math.max(2, Math.round(Math.min(l.width, l.height) * 0.1 * s));
          const x0 = Math.round(l.x * s) - pad;
          const y0 = Math.round(l.y * s) - pad;
          const x1 = Math.round((l.x + l.width) * s) + pad;
          const y1 = Math.round((l.y + l.height) * s) + pad;
          let low = 0;
          let n = 0;
          for (let y = Math.max(0, y0); y < Math.min(info.height, y1); y++)
            for (let x = Math.max(0, x0); x < Math.min(info.width, x1); x++) {
              const inside = x >= x0 + pad && x < x1 - pad && y >= y0 + pad && y < y1 - pad;
              if (inside) continue;
              const i = (y * info.width + x) * info.channels;
              const hex = `#${[data[i], data[i + 1], data[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
              if (contrastRatio(name === 'dark' ? '#111111' : '#f4f4f4', hex) < 2) low++;
              n++;
            }
          if (low / n > 0.1) failures.push(`${t.id} ${name} ${position}: ${((low / n) * 100).toFixed(0)}% of the ring under 2:1${plate ? ' (plate)' : ''}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Both happen: the check is not passing because every logo got a plate, or none did.
    expect(plates).toBeGreaterThan(4);
    expect(bare).toBeGreaterThan(4);
  });

  it('a two-colour logo (red-orange mark, navy word) keeps both parts: no plate on a light page, a white plate on a dark one', async () => {
    const c = createCanvas(360, 120);
    const x = c.getContext('2d');
    x.fillStyle = '#d9480f';
    x.beginPath();
    x.arc(60, 60, 50, 0, Math.PI * 2);
    x.fill();
    x.fillStyle = '#1e2a78';
    x.font = 'bold 64px sans-serif';
    x.fillText('orbit', 130, 82);
    const ink = (await logoInk(c.toBuffer('image/png')))!;
    expect(lostInk(ink, { light: '#f3f1fa', dark: '#f3f1fa' })).toBeLessThanOrEqual(0.2);
    expect(lostInk(ink, { light: '#0b1020', dark: '#0b1020' })).toBeGreaterThan(0.2);
    const doc = await materialize(page([], '#0b1020'));
    const plate = logoPlate(doc, box, ink, 400, 400);
    expect(plate && 'fills' in plate && plate.fills?.[0]).toEqual({ type: 'solid', color: '#ffffff' });
    expect(logoPlate(await materialize(page([], '#f3f1fa')), box, ink, 400, 400)).toBeUndefined();
  });

  it('the plate is the colour with the highest contrast against the ink: white under a teal wordmark (not near-black), near-black under a white one', async () => {
    const teal = (await logoInk(logo('#0F5257')))!;
    expect(plateColor(teal)).toBe('#ffffff');
    expect(inkContrast(teal, '#ffffff')).toBeGreaterThan(8);
    expect(inkContrast(teal, '#121212')).toBeLessThan(3);
    const white = (await logoInk(logo('#ffffff')))!;
    expect(plateColor(white)).toBe('#121212');
    // An orange mark (2.9:1 on white) with a navy word: white, where the word would vanish on near-black.
    const c = createCanvas(360, 120);
    const x = c.getContext('2d');
    x.fillStyle = '#ff6a2b';
    x.beginPath();
    x.arc(60, 60, 50, 0, Math.PI * 2);
    x.fill();
    x.fillStyle = '#1e2a78';
    x.font = 'bold 64px sans-serif';
    x.fillText('orbit', 130, 82);
    const orbit = (await logoInk(c.toBuffer('image/png')))!;
    expect(plateColor(orbit)).toBe('#ffffff');
    // On a dark page it gets that plate (its word would vanish there); on white paper none (a plate would show it no better).
    expect(logoPlate(await materialize(page([], '#15121a')), box, orbit, 400, 400)).toBeDefined();
    expect(logoPlate(await materialize(page([], '#ffffff')), box, orbit, 400, 400)).toBeUndefined();
    // On a dark teal page the teal wordmark gets a white plate.
    const plate = logoPlate(await materialize(page([], '#0b3b3f')), box, teal, 400, 400);
    expect(plate && 'fills' in plate && plate.fills?.[0]).toEqual({ type: 'solid', color: '#ffffff' });
  });

  it('reads the ground from rendered pixels: a halftone under the logo hides a teal mark, a flat cream page does not', async () => {
    const bytes = logo('#0F5257');
    const halftone = page([
      {
        type: 'procedural',
        id: 'dots',
        style: 'halftone',
        seed: 3,
        palette: ['#0F5257', '#F2A541', '#F6EFE3', '#0b3b3f'],
        x: 0,
        y: 0,
        width: 400,
        height: 400,
      },
    ]);
    const onDots = (await groundPixels(halftone, box, bytes))!;
    expect(onDots.unknown).toBe(false);
    expect(lostOnPixels(onDots)).toBeGreaterThan(0.15);
    const ink = (await logoInk(bytes))!;
    expect(logoPlate(await materialize(halftone), box, ink, 400, 400, onDots)).toBeDefined();
    const cream = (await groundPixels(page([], '#F6EFE3'), box, bytes))!;
    expect(lostOnPixels(cream)).toBeLessThan(0.05);
    expect(logoPlate(await materialize(page([], '#F6EFE3')), box, ink, 400, 400, cream)).toBeUndefined();
    // A photo the library cannot load here (an asset reference) is unknown ground: the logo gets a plate.
    const photo = page([{ type: 'image', id: 'photo', src: 'asset:photo', x: 0, y: 0, width: 400, height: 400 }]);
    expect((await groundPixels(photo, box, bytes))!.unknown).toBe(true);
  });

  it('keeps the logo’s box clear of text, photos, frames and decoration at every format and corner, legible on a strip and small on a 300x250', async () => {
    const formats = [
      { width: 1080, height: 1920 },
      { width: 1080, height: 1080 },
      { width: 1200, height: 628 },
      { width: 728, height: 90 },
      { width: 300, height: 250 },
    ];
    const brief = {
      title: 'Summer sale starts now',
      eyebrow: 'Limited time',
      subtitle: 'Everything 30% off',
      cta: 'Shop now',
      items: ['One', 'Two'],
      author: 'Ana Lima',
      insight: '30%',
      image: { src: 'asset:photo' },
      seed: 3,
    };
    const blocked: string[] = [];
    for (const t of listTemplates())
      for (const format of formats)
        for (const position of ['top_right', 'bottom_left'] as const) {
          const r = await buildTemplate(t.id, { brief, brand: { logo: logo('#0F5257'), logo_position: position }, format });
          const m = await materialize(r.ir);
          const over = logoObstacles(m);
          if (over.length) blocked.push(`${t.id} ${format.width}x${format.height} ${position}: ${over.join(', ')}`);
          const l = flattenMaterialized(m.root).find((n) => n.id === 'logo')!;
          if (format.height === 90) expect(l.height).toBeGreaterThanOrEqual(0.4 * 90 - 0.5);
          if (format.width === 300) expect(l.width * l.height).toBeLessThanOrEqual(LOGO_MAX_SMALL_SHARE * 300 * 250 + 1);
        }
    expect(blocked).toEqual([]);
  });
});
