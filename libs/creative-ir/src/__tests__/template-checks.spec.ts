import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BODY_MIN_SHARE,
  MIN_FILL_SHARE,
  MIN_SPAN_SHARE,
  buildTemplate,
  contrastRatio,
  findCollisions,
  findOverflow,
  flattenMaterialized,
  initCreativeIr,
  listTemplates,
  materializeSync,
  rasterize,
  type IrDocument,
  type MaterializedNode,
  type TextNode,
} from '../index';
import { BRAND_COLORS, BRIEFS, FORMATS, samplePhoto, samplePhoto2, sampleLogo } from './template-samples';

/**
 * The design checks of issue 18, for every template at every format (9:16, 4:5, square, 1.91:1,
 * 16:9, 300x250, 728x90, 160x600, 970x250), three briefs (short, long, Portuguese with accents)
 * and four image/logo variants (none, image, logo, both):
 * - geometry on all 1,512 layouts: no overflow, no text cut short, no text box overlapping another
 *   or the logo, body-size text >= BODY_MIN_SHARE of the short side (and >= 10 px), headings larger
 *   than body text, content boxes (text, images, filled frames, shapes and textures smaller than half
 *   the page) covering >= MIN_FILL_SHARE of the safe area and spanning >= MIN_SPAN_SHARE of its width
 *   and of its height (for the span, full-bleed photos and textures count too; flat grounds never do);
 * - contrast from rendered pixels on the same 1,512 layouts (each page drawn at most 420 px on its long
 *   side): the page is drawn without its text and each text
 *   box's color is measured against the pixels behind the box (all but the worst 2%, which are
 *   anti-aliased shape edges): >= 4.5:1 for body text, >= 3:1 for large text (24 px, or 18.66 px bold).
 */

const templates = listTemplates().map((t) => t.id);
const HEADING = new Set(['title', 'display', 'stat', 'quote']);
const SMALL = new Set(['body', 'meta', 'eyebrow', 'cta', 'subtitle']);

interface Variant {
  name: string;
  image: boolean;
  logo: boolean;
}
const VARIANTS: Variant[] = [
  { name: 'plain', image: false, logo: false },
  { name: 'image', image: true, logo: false },
  { name: 'logo', image: false, logo: true },
  { name: 'image+logo', image: true, logo: true },
];

const LOGO_POSITIONS = ['top_right', 'bottom_left', 'top_left', 'bottom_right'] as const;

async function inputs() {
  const logo = await sampleLogo();
  return {
    assets: { photo: await samplePhoto(), photo2: await samplePhoto2() },
    make(brief: keyof typeof BRIEFS, v: Variant, i: number) {
      // Briefs with images name one or two of them (the long brief gives a grid its second photo).
      const images = v.image
        ? { image: { src: 'asset:photo', focal_point: { x: 0.5, y: 0.62 } }, ...(brief === 'long' ? { images: ['asset:photo2'] } : {}) }
        : {};
      const brand = {
        colors: BRAND_COLORS,
        ...(v.logo ? { logo, logo_position: LOGO_POSITIONS[i % LOGO_POSITIONS.length], logo_size: 'medium' as const } : {}),
      };
      return { brief: { ...BRIEFS[brief], ...images }, brand };
    },
  };
}

function texts(root: MaterializedNode): MaterializedNode[] {
  return flattenMaterialized(root).filter((n) => n.text && n.node.visible !== false && n.text.lines.some((l) => l.text.trim()));
}

/** Share of the safe area covered by content boxes (text, images, filled frames, decoration smaller than half the page). */
function fillShare(doc: { width: number; height: number; root: MaterializedNode }, margin: number): { share: number; spanX: number; spanY: number } {
  const page = doc.width * doc.height;
  const boxes = flattenMaterialized(doc.root).filter((n) => {
    if (n.id === 'root' || n.node.visible === false) return false;
    if (n.text || n.type === 'image') return true;
    const filled = (n.node.fills?.length ?? 0) > 0 || (n.node.strokes?.length ?? 0) > 0 || n.type === 'procedural';
    return filled && n.width * n.height < page * 0.5;
  });
  const x0 = margin,
    y0 = margin,
    w = doc.width - 2 * margin,
    h = doc.height - 2 * margin;
  const N = 40;
  let hit = 0;
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  // The span also counts full-bleed photos and textures (the visual of the design); flat grounds do not count.
  const visuals = flattenMaterialized(doc.root).filter((n) => n.node.visible !== false && (n.type === 'image' || n.type === 'procedural'));
  for (const b of [...boxes, ...visuals]) {
    minX = Math.min(minX, Math.max(x0, b.x));
    maxX = Math.max(maxX, Math.min(x0 + w, b.x + b.width));
    minY = Math.min(minY, Math.max(y0, b.y));
    maxY = Math.max(maxY, Math.min(y0 + h, b.y + b.height));
  }
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < N; j++) {
      const px = x0 + ((i + 0.5) * w) / N;
      const py = y0 + ((j + 0.5) * h) / N;
      if (boxes.some((b) => px >= b.x && px <= b.x + b.width && py >= b.y && py <= b.y + b.height)) hit++;
    }
  }
  return { share: hit / (N * N), spanX: Math.max(0, maxX - minX) / w, spanY: Math.max(0, maxY - minY) / h };
}

describe('template design checks', () => {
  let io: Awaited<ReturnType<typeof inputs>>;
  beforeAll(async () => {
    await initCreativeIr();
    io = await inputs();
  });

  describe.each(templates)('%s', (id) => {
    it('lays out every format, brief and image/logo variant without overflow, cut text, collisions, small type or an empty frame', async () => {
      const failures: string[] = [];
      const usesImage = listTemplates()
        .find((t) => t.id === id)!
        .fields.includes('image');
      let i = 0;
      for (const f of FORMATS) {
        for (const briefName of Object.keys(BRIEFS) as (keyof typeof BRIEFS)[]) {
          for (const v of VARIANTS) {
            const { brief, brand } = io.make(briefName, v, i++);
            const where = `${f.name} ${briefName} ${v.name}`;
            const r = await buildTemplate(id, { brief, brand, format: { width: f.width, height: f.height } });
            const m = materializeSync(r.ir);
            for (const p of [...findOverflow(m), ...findCollisions(m)]) failures.push(`${where}: ${p.id} ${p.message}`);
            const short = Math.min(f.width, f.height);
            const minBody = Math.max(10, BODY_MIN_SHARE * short);
            const ts = texts(m.root);
            const role = (n: MaterializedNode) => (n.node as TextNode).name ?? '';
            const size = (n: MaterializedNode) => (n.node as TextNode).fontSize ?? 16;
            for (const t of ts) if (SMALL.has(role(t)) && size(t) < minBody - 0.01) failures.push(`${where}: ${t.id} ${size(t)} px < ${minBody.toFixed(1)} px`);
            const headings = ts.filter((t) => HEADING.has(role(t)) && t.id !== 'mark');
            const bodies = ts.filter((t) => role(t) === 'body');
            if (!headings.length) failures.push(`${where}: no heading`);
            const maxBody = Math.max(0, ...bodies.map(size));
            for (const h of headings) if (size(h) <= maxBody) failures.push(`${where}: heading ${h.id} ${size(h)} px not larger than body ${maxBody} px`);
            if (v.logo && !flattenMaterialized(m.root).some((n) => n.id === 'logo')) failures.push(`${where}: no logo`);
            if (v.image && usesImage && !JSON.stringify(r.ir).includes('asset:photo')) failures.push(`${where}: image not used`);
            const margin = Math.max(6, Math.round(short * 0.07));
            const fill = fillShare(m, margin);
            if (fill.share < MIN_FILL_SHARE) failures.push(`${where}: content covers ${(fill.share * 100).toFixed(0)}% of the safe area`);
            if (fill.spanX < MIN_SPAN_SHARE || fill.spanY < MIN_SPAN_SHARE)
              failures.push(`${where}: content spans ${(fill.spanX * 100).toFixed(0)}% x ${(fill.spanY * 100).toFixed(0)}% of the safe area`);
          }
        }
      }
      if (failures.length) writeFileSync(join(tmpdir(), `template-checks-${id}-layout.txt`), failures.join('\n'));
      expect(failures).toEqual([]);
    });

    it('reaches WCAG contrast against the pixels drawn behind each text box', async () => {
      const failures: string[] = [];
      let i = 0;
      for (const f of FORMATS) {
        for (const briefName of Object.keys(BRIEFS) as (keyof typeof BRIEFS)[]) {
          for (const v of VARIANTS) {
            const { brief, brand } = io.make(briefName, v, i++);
            const r = await buildTemplate(id, { brief, brand, format: { width: f.width, height: f.height } });
            const scale = Math.min(1, 420 / Math.max(f.width, f.height));
            const hidden = structuredClone(r.ir) as IrDocument;
            const hide = (n: { type: string; visible?: boolean; children?: unknown[] }) => {
              // Transparent, not invisible: hidden nodes leave the layout and pills would collapse.
              if (n.type === 'text') (n as { opacity?: number }).opacity = 0;
              (n.children as (typeof n)[] | undefined)?.forEach(hide);
            };
            hide(hidden.root as never);
            const raster = await rasterize(hidden, { scale, assets: io.assets });
            const { pixels, width: pw, height: ph } = raster;
            for (const t of texts(materializeSync(r.ir).root)) {
              const node = t.node as TextNode;
              const color = node.color ?? '#000000';
              const fs = node.fontSize ?? 16;
              const large = fs >= 24 || (fs >= 18.66 && (node.fontWeight ?? 400) >= 700);
              const x0 = Math.max(0, Math.ceil(t.x * scale)),
                y0 = Math.max(0, Math.ceil(t.y * scale));
              const x1 = Math.min(pw, Math.floor((t.x + t.width) * scale)),
                y1 = Math.min(ph, Math.floor((t.y + t.height) * scale));
              const ratios: number[] = [];
              const seen = new Map<number, number>();
              for (let y = y0; y < y1; y++) {
                for (let x = x0; x < x1; x++) {
                  const p = (y * pw + x) * 4;
                  const key = (pixels[p] << 16) | (pixels[p + 1] << 8) | pixels[p + 2];
                  let c = seen.get(key);
                  if (c === undefined) {
                    c = contrastRatio(color, `#${key.toString(16).padStart(6, '0')}`);
                    seen.set(key, c);
                  }
                  ratios.push(c);
                }
              }
              if (!ratios.length) continue;
              ratios.sort((a, b) => a - b);
              const measured = ratios[Math.floor(ratios.length * 0.02)];
              const need = large ? 3 : 4.5;
              if (measured < need) failures.push(`${f.name} ${briefName} ${v.name}: ${t.id} ${measured.toFixed(2)}:1 < ${need}:1 (${color}, ${fs} px)`);
            }
          }
        }
      }
      if (failures.length) writeFileSync(join(tmpdir(), `template-checks-${id}-contrast.txt`), failures.join('\n'));
      expect(failures).toEqual([]);
    });
  });
});
