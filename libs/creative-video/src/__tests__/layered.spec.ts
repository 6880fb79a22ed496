import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createCanvas, ImageData } from '@napi-rs/canvas';
import {
  buildTemplate,
  encodePng,
  flattenMaterialized,
  prepare,
  proceduralDocument,
  rasterize,
  renderIr,
  type IrDocument,
  type IrNode,
} from '@platform/creative-ir';
import sharp from 'sharp';
import { prepareScene, type PreparedScene } from '../compositor';
import { ffmpegBinary, runMedia } from '../ffmpeg';
import { renderVideo } from '../render';
import { sceneState, timeline } from '../timeline';
import { MOTIONS, TRANSITIONS, type SceneSpec, type VideoSpec } from '../types';
import { flatDoc, scratchDirs, texturedDoc } from './helpers';

jest.setTimeout(600_000);
const dir = scratchDirs();
const S = 480;
const FPS = 10;
/** The logo's ink: a magenta found nowhere else in these videos, so it can be found in any frame. */
const LOGO = '#ff00c8';
const SHEETS = resolve(__dirname, '../../../../tmp/video-sheets');

const PT = {
  eyebrow: 'Lançamento exclusivo',
  title: 'A nova coleção de outono chegou às nossas lojas em todo o país',
  subtitle: 'Descubra peças pensadas para durar, feitas com algodão orgânico certificado e acabamentos à mão.',
  cta: 'Ver a coleção',
  language: 'pt',
};
const DE = {
  eyebrow: 'Jetzt neu',
  title: 'Donaudampfschifffahrtsgesellschaftskapitänsmützen im Herbstverkauf',
  subtitle: 'Wetterfeste Kopfbedeckungen für Kapitäninnen und Kapitäne, handgenäht in Norddeutschland.',
  cta: 'Jetzt entdecken',
  language: 'de',
};

/** All decoded frames of a video (rgb24), in order. */
async function frames(path: string): Promise<Buffer[]> {
  const raw = await runMedia(ffmpegBinary(), ['-v', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  const n = S * S * 3;
  return Array.from({ length: raw.length / n }, (_, i) => raw.subarray(i * n, (i + 1) * n));
}

/** sRGB relative luminance of a mean color (0..255 channels). */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
const contrast = (a: number[], b: number[]) => {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

/** Premultiplied RGBA of an opaque still to rgb24. */
function rgbOf(rgba: Uint8Array): Buffer {
  const out = Buffer.alloc((rgba.length / 4) * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4) {
    out[o++] = rgba[i];
    out[o++] = rgba[i + 1];
    out[o++] = rgba[i + 2];
  }
  return out;
}

/**
 * One text of a scene as pixels: its ink (pixels the text changes in the scene's still, strongly) and the ground
 * around it (pixels of its box the text does not touch), from the still with and without the scene's text.
 */
interface TextMask {
  id: string;
  ink: number[];
  ground: number[];
  /** Ink and ground colours in the still. */
  stillInk: number[];
  stillGround: number[];
}

function meanAt(frame: Buffer, idx: number[]): number[] {
  const s = [0, 0, 0];
  for (const i of idx) for (let c = 0; c < 3; c++) s[c] += frame[i * 3 + c];
  return s.map((v) => v / Math.max(1, idx.length));
}
const lum8 = (f: Buffer, i: number) => 0.2126 * f[i * 3] + 0.7152 * f[i * 3 + 1] + 0.0722 * f[i * 3 + 2];

function textMasks(still: Buffer, bare: Buffer, boxes: { id: string; x0: number; y0: number; x1: number; y1: number }[]): TextMask[] {
  const out: TextMask[] = [];
  for (const b of boxes) {
    const ink: number[] = [];
    const ground: number[] = [];
    const px: [number, number][] = [];
    for (let y = Math.max(0, Math.floor(b.y0)); y < Math.min(S, Math.ceil(b.y1)); y++)
      for (let x = Math.max(0, Math.floor(b.x0)); x < Math.min(S, Math.ceil(b.x1)); x++) {
        const i = y * S + x;
        px.push([i, Math.abs(lum8(still, i) - lum8(bare, i))]);
      }
    // Ink: the glyphs' cores (the text changes them by at least 85% of the most it changes any pixel), not their
    // anti-aliased edges; ground: pixels it leaves alone.
    const most = Math.max(0, ...px.map(([, d]) => d));
    for (const [i, d] of px) {
      if (most > 40 && d >= 0.85 * most) ink.push(i);
      else if (d < 2) ground.push(i);
    }
    if (ink.length >= 12 && ground.length >= 12) out.push({ id: b.id, ink, ground, stillInk: meanAt(still, ink), stillGround: meanAt(still, ground) });
  }
  return out;
}

/** How much of a text's ink-to-ground difference a frame shows, as a share of its still's (1 = all, 0 = none). */
function visibility(frame: Buffer, m: TextMask): number {
  const d = luminance(meanAt(frame, m.ink)) - luminance(meanAt(frame, m.ground));
  const d0 = luminance(m.stillInk) - luminance(m.stillGround);
  return d / d0;
}

/** A design with each text hidden, and the text boxes in frame pixels. */
async function textLayersOf(ir: IrDocument): Promise<{ bare: IrDocument; boxes: { id: string; x0: number; y0: number; x1: number; y1: number }[] }> {
  const scale = S / ir.width;
  const { doc } = await prepare(ir, { scale });
  const boxes = flattenMaterialized(doc.root)
    .filter((n) => n.type === 'text' && n.node.visible !== false)
    .map((n) => ({ id: n.id, x0: n.x * scale - 2, y0: n.y * scale - 2, x1: (n.x + n.width) * scale + 2, y1: (n.y + n.height) * scale + 2 }));
  const hide = (n: IrNode): IrNode =>
    // Transparent, not invisible: an invisible text would let its auto-layout frame (a badge, a button) shrink.
    n.type === 'text' ? { ...n, opacity: 0 } : 'children' in n && n.children ? ({ ...n, children: n.children.map(hide) } as IrNode) : n;
  return { bare: { ...ir, root: hide(ir.root) as IrDocument['root'] }, boxes };
}

async function still(ir: IrDocument): Promise<Buffer> {
  return rgbOf((await rasterize(ir, { scale: S / ir.width })).pixels);
}

/** A contact sheet of every `step`-th frame, 8 to a row, each labelled with its number. */
async function contactSheet(all: Buffer[], step: number, name: string): Promise<string> {
  const t = 160;
  const picked = all.map((f, i) => [f, i] as const).filter(([, i]) => i % step === 0);
  const cols = 8;
  const rows = Math.ceil(picked.length / cols);
  const sheet = createCanvas(cols * t, rows * (t + 14));
  const ctx = sheet.getContext('2d');
  ctx.fillStyle = '#202020';
  ctx.fillRect(0, 0, sheet.width, sheet.height);
  const one = createCanvas(S, S);
  for (const [k, [f, i]] of picked.entries()) {
    const rgba = new Uint8ClampedArray(S * S * 4);
    for (let p = 0; p < S * S; p++) {
      rgba[p * 4] = f[p * 3];
      rgba[p * 4 + 1] = f[p * 3 + 1];
      rgba[p * 4 + 2] = f[p * 3 + 2];
      rgba[p * 4 + 3] = 255;
    }
    one.getContext('2d').putImageData(new ImageData(rgba, S, S), 0, 0);
    const x = (k % cols) * t;
    const y = Math.floor(k / cols) * (t + 14);
    ctx.drawImage(one, x, y + 14, t - 2, t - 2);
    ctx.fillStyle = '#ffffff';
    ctx.font = '11px sans-serif';
    ctx.fillText(`#${i}`, x + 2, y + 11);
  }
  await mkdir(SHEETS, { recursive: true });
  const path = join(SHEETS, `${name}.png`);
  await writeFile(path, await sheet.encode('png'));
  return path;
}

describe('layered motion and transitions that respect text (every motion and transition; design, image and procedural scenes)', () => {
  it('never shows two scenes’ text together, keeps text at 4.5:1 on its ground, the logo in the safe area, and the poster is the design', async () => {
    const workDir = await dir();
    // A logo: a magenta ring on transparency.
    const logo = Buffer.from(
      (
        await renderIr(
          {
            version: 1,
            width: 200,
            height: 200,
            background: 'transparent',
            root: {
              type: 'frame',
              id: 'root',
              width: 200,
              height: 200,
              children: [{ type: 'ellipse', id: 'ring', x: 10, y: 10, width: 180, height: 180, strokes: [{ color: LOGO, width: 36 }] }],
            },
          } as IrDocument,
          { format: 'png' },
        )
      ).data,
    );
    const brand = { name: 'Casa Norte', logo, logo_position: 'top_right' as const };
    const designs: IrDocument[] = [];
    for (const [id, brief] of [
      ['square-post', PT],
      ['announcement', DE],
      ['event', PT],
      ['square-post', DE],
    ] as const)
      designs.push((await buildTemplate(id, { brief: { ...brief, format: 'square' }, brand, seed: 11 })).ir);
    // One design whose title types itself in and whose logo drifts on keyframes (node `animation`).
    const animated = structuredClone(designs[3]);
    const walk = (n: IrNode) => {
      if (n.type === 'text' && !animated.root.children?.some((c) => c === n)) n.animation = { enter: { preset: 'typewriter', duration: 0.5 } };
      if (n.type === 'image')
        n.animation = {
          keyframes: [
            { at: 0, x: -20, opacity: 0 },
            { at: 0.4, x: 0, opacity: 1 },
          ],
        };
      if ('children' in n) n.children?.forEach(walk);
    };
    walk(animated.root);
    designs[3] = animated;
    const photo = new Uint8Array((await renderIr(texturedDoc(640, 420), { format: 'png' })).data);
    const procedural = (title: string, eyebrow: string, style: string) => ({ kind: 'procedural' as const, style, title, eyebrow, tone: 'dark' as const });

    const transitions = TRANSITIONS.filter((t) => t !== 'none');
    const sources: SceneSpec['source'][] = [];
    const stills: ({ still: Buffer; masks: TextMask[] } | undefined)[] = [];
    for (let i = 0; i <= transitions.length; i++) {
      const kind = i % 4;
      if (kind === 0 || kind === 3) {
        const ir = designs[(i >> 1) % designs.length];
        sources.push({ kind: 'ir', ir });
        const { bare, boxes } = await textLayersOf(ir);
        const s = await still(ir);
        stills.push({ still: s, masks: textMasks(s, await still(bare), boxes) });
      } else if (kind === 1) {
        const title = i % 2 ? 'Promoção de inverno' : 'Winterschlussverkauf';
        const style = ['waves', 'aurora', 'blobs'][i % 3];
        const src = procedural(title, 'Só esta semana', style);
        sources.push(src);
        const ir = proceduralDocument({ style: style as never, seed: 7, density: 1, tone: 'dark', width: S, height: S, title, eyebrow: src.eyebrow });
        const { bare, boxes } = await textLayersOf(ir);
        const s = await still(ir);
        stills.push({ still: s, masks: textMasks(s, await still(bare), boxes) });
      } else {
        sources.push({ kind: 'image', image: photo });
        stills.push(undefined);
      }
    }
    const spec: VideoSpec = {
      width: S,
      height: S,
      fps: FPS,
      scenes: sources.map((source, i) => ({
        source,
        duration: 1.2,
        motion: MOTIONS[(i + 1) % MOTIONS.length],
        ...(i < transitions.length ? { transition: transitions[i], transitionDuration: 0.6 } : {}),
      })),
    };
    // Every motion and every transition is in the video.
    expect(new Set(spec.scenes.map((s) => s.motion))).toEqual(new Set(MOTIONS));
    expect(new Set(spec.scenes.map((s) => s.transition).filter(Boolean))).toEqual(new Set(transitions));

    const r = await renderVideo(spec, { workDir });
    const all = await frames(r.outputs[0].path);
    expect(all.length).toBe(r.frames);
    const tl = timeline(spec);
    const prepared: PreparedScene[] = [];
    for (const s of spec.scenes) prepared.push(await prepareScene(s, S, S));

    const step = 2;
    let minShownContrast = Infinity;
    let maxBothVisible = 0;
    let transitionFramesChecked = 0;
    const report: string[] = [];
    for (let f = 0; f < r.frames; f += step) {
      const visible = tl.scenes.filter((s) => f >= s.visibleStart && f < s.visibleEnd).map((s) => s.index);
      // (a), the compositor's own account: at most one scene has text above 20% opacity.
      const textUp = visible.filter((i) => {
        const op = prepared[i].opacities(sceneState(tl, i, f));
        return prepared[i].content.some((c, k) => c.text && op[k] > 0.2);
      });
      expect({ frame: f, scenes: textUp.length }).toEqual({ frame: f, scenes: Math.min(1, textUp.length) });
      // (a), in pixels: how much of each visible scene's text the decoded frame shows.
      const shown = visible.map((i) => Math.max(0, ...(stills[i]?.masks ?? []).map((m) => visibility(all[f], m))));
      if (visible.length === 2) {
        transitionFramesChecked++;
        maxBothVisible = Math.max(maxBothVisible, Math.min(...shown));
        report.push(`frame ${f}: scenes ${visible.join('→')} text shown ${shown.map((v) => v.toFixed(2)).join(' / ')}`);
        expect({ frame: f, bothAbove20: Math.min(...shown) > 0.2 }).toEqual({ frame: f, bothAbove20: false });
      }
      // (b) text fully shown (in place, at least 90% of its still's ink-to-ground difference) keeps 4.5:1 on the ground the frame shows around it.
      for (const i of visible)
        for (const m of stills[i]?.masks ?? []) {
          if (visibility(all[f], m) < 0.9) continue;
          const c = contrast(meanAt(all[f], m.ink), meanAt(all[f], m.ground));
          if (c < 4.5)
            console.log(f, i, m.id, c, contrast(m.stillInk, m.stillGround), m.stillInk, m.stillGround, meanAt(all[f], m.ink), meanAt(all[f], m.ground));
          minShownContrast = Math.min(minShownContrast, c);
          expect({ frame: f, scene: i, text: m.id, ok: c >= 4.5 }).toEqual({ frame: f, scene: i, text: m.id, ok: true });
        }
      // (c) the logo stays inside the safe area: no logo magenta within 4% of an edge (pixels), and every logo
      // layer's box as drawn is inside it (the compositor's account).
      const edge = Math.round(S * 0.04);
      let outside = 0;
      for (let y = 0; y < S; y++)
        for (let x = 0; x < S; x++) {
          if (x >= edge && x < S - edge && y >= edge && y < S - edge) continue;
          const p = (y * S + x) * 3;
          if (all[f][p] > 200 && all[f][p + 1] < 80 && all[f][p + 2] > 150) outside++;
        }
      expect({ frame: f, logoPixelsOutsideSafeArea: outside }).toEqual({ frame: f, logoPixelsOutsideSafeArea: 0 });
      for (const i of visible) {
        const st = sceneState(tl, i, f);
        const op = prepared[i].opacities(st);
        prepared[i].boxes(st).forEach((b, k) => {
          if (!prepared[i].content[k].image || op[k] <= 0) return;
          expect({ frame: f, scene: i, inside: b.x0 >= edge && b.y0 >= edge && b.x1 <= S - edge && b.y1 <= S - edge }).toEqual({
            frame: f,
            scene: i,
            inside: true,
          });
        });
      }
    }
    expect(transitionFramesChecked).toBeGreaterThan(20);
    // The logo is in the video (the magenta test can see it).
    const logoSeen = all.some((fr) => {
      for (let p = 0; p < fr.length; p += 3) if (fr[p] > 200 && fr[p + 1] < 80 && fr[p + 2] > 150) return true;
      return false;
    });
    expect(logoSeen).toBe(true);
    // (d) the poster is the settled design: the first scene's still, to rounding.
    const poster = await sharp(await readFile(r.poster.path))
      .removeAlpha()
      .raw()
      .toBuffer();
    let diff = 0;
    for (let i = 0; i < poster.length; i++) diff += Math.abs(poster[i] - stills[0]!.still[i]);
    expect(diff / poster.length).toBeLessThan(1);

    const sheet = await contactSheet(all, 3, 'layered-every-motion-and-transition');
    await writeFile(
      join(SHEETS, 'layered-report.txt'),
      [
        `min contrast of fully shown text: ${minShownContrast.toFixed(2)}`,
        `max text shown by the less visible of two scenes: ${maxBothVisible.toFixed(2)}`,
        ...report,
      ].join('\n'),
    );
    expect(sheet).toContain('video-sheets');
  });

  it('a shape bleeding off the page pops in whole: drawn with its overflow, no straight cut edge', async () => {
    const workDir = await dir();
    const W = 320;
    // A disc centred on the right edge (half of it off the page), nothing else: under pop it scales about the frame's centre.
    const ir = flatDoc(W, W, '#102030', [
      { type: 'ellipse', id: 'disc', x: W - 120, y: 40, width: 240, height: 240, fills: [{ type: 'solid', color: '#f5b041' }] },
    ]);
    const r = await renderVideo(
      { width: W, height: W, fps: 20, scenes: [{ source: { kind: 'ir', ir }, duration: 2, motion: 'pop', easing: 'linear' }] },
      { workDir },
    );
    const all = await runMedia(ffmpegBinary(), ['-v', 'error', '-i', r.outputs[0].path, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
    // Frame 4: p = 4/39 ≈ 0.1, the layer at 0.85 + 0.15 × 0.26 ≈ 0.89 of its size about the centre. Cut at the page, its
    // right edge would be a vertical line at x = 160 + 0.89 × 160 ≈ 302; drawn with its overflow it reaches the frame's edge.
    const n = W * W * 3;
    const f = all.subarray(4 * n, 5 * n);
    const rowY = 160;
    const at = (x: number) => f.subarray((rowY * W + x) * 3, (rowY * W + x) * 3 + 3);
    expect(at(W - 4)[0]).toBeGreaterThan(60);
    expect(at(W - 4)[2]).toBeLessThan(at(W - 4)[0]);
    const sheet = createCanvas(W, W);
    const rgba = new Uint8ClampedArray(W * W * 4);
    for (let p = 0; p < W * W; p++) {
      rgba.set(f.subarray(p * 3, p * 3 + 3), p * 4);
      rgba[p * 4 + 3] = 255;
    }
    sheet.getContext('2d').putImageData(new ImageData(rgba, W, W), 0, 0);
    await mkdir(SHEETS, { recursive: true });
    await writeFile(join(SHEETS, 'pop-bleeding-disc-frame4.png'), await encodePng(Buffer.from(sheet.data()), W, W, { encoding: 'flat' }, true));
  });
});
