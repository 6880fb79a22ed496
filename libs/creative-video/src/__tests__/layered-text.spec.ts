import { createCanvas } from '@napi-rs/canvas';
import { flattenMaterialized, prepare, rasterize, type IrDocument, type IrNode, type TextNode } from '@platform/creative-ir';
import { prepareScene, SETTLED, type SceneState } from '../compositor';
import { renderVideo } from '../render';
import { flatDoc, frameAt, scratchDirs } from './helpers';

jest.setTimeout(120_000);
const dir = scratchDirs();

const W = 640;
const H = 360;
/** Seconds a typewriter title takes to come in. */
const TYPE = 2;

/** A dark page with one white title (wrapped onto lines of different widths), typed in. */
function titleDoc(text: string, textAlign: TextNode['textAlign'], extra: Partial<TextNode> = {}): IrDocument {
  return flatDoc(W, H, '#101820', [
    {
      type: 'text',
      id: 'title',
      x: 60,
      y: 50,
      width: 520,
      height: 260,
      text,
      fontSize: 40,
      fontWeight: 700,
      lineHeight: 1.3,
      color: '#ffffff',
      textAlign,
      animation: { enter: { preset: 'typewriter', duration: TYPE, easing: 'linear' } },
      ...extra,
    } as IrNode,
  ]);
}

/** The scene's content clock at t seconds of a 4 s scene with no transitions. */
const at = (t: number): SceneState => ({ p: t / 4, phase: 0, t, span: 4, fadeIn: 0, fadeOut: 0, settled: false });

/** Red channel of a frame drawn by the compositor (the title is white on a dark ground). */
async function drawn(ir: IrDocument, st: SceneState): Promise<Uint8ClampedArray> {
  const scene = await prepareScene({ source: { kind: 'ir', ir }, duration: 4, motion: 'none' }, W, H);
  const c = createCanvas(W, H);
  scene.draw(c.getContext('2d'), st);
  const rgba = c.getContext('2d').getImageData(0, 0, W, H).data;
  const red = new Uint8ClampedArray(W * H);
  for (let i = 0; i < W * H; i++) red[i] = rgba[i * 4];
  return red;
}

/** Columns holding ink (red > 128) in rows y0..y1: first and last, or undefined. */
function inkRange(red: Uint8ClampedArray, y0: number, y1: number): [number, number] | undefined {
  let lo = W;
  let hi = -1;
  for (let y = Math.max(0, y0); y < Math.min(H, y1); y++)
    for (let x = 0; x < W; x++)
      if (red[y * W + x] > 128) {
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
  return hi < 0 ? undefined : [lo, hi];
}

describe('typewriter reveals each line within its own ink, in reading order', () => {
  const cases: [string, IrDocument][] = [
    ['centred', titleDoc('A nova coleção de outono chegou às nossas lojas em todo o país, com peças feitas à mão', 'center')],
    ['right-aligned', titleDoc('A nova coleção de outono chegou às nossas lojas em todo o país, com peças feitas à mão', 'right')],
    ['right-to-left (start)', titleDoc('הקולקציה החדשה של הסתיו הגיעה לחנויות שלנו בכל רחבי הארץ עם בגדים בעבודת יד', 'start', { lang: 'he' })],
  ];
  it.each(cases)('%s title: at every step the typed ink starts at its line’s own start and never leaves the line', async (_name, ir) => {
    const { doc } = await prepare(ir);
    const node = flattenMaterialized(doc.root).find((n) => n.id === 'title')!;
    const t = node.text!;
    expect(t.lines.length).toBeGreaterThanOrEqual(3);
    const rtl = t.direction === 'rtl';
    expect(rtl).toBe(_name.startsWith('right-to-left'));
    const widths = t.lines.map((l) => l.width);
    // Lines of different widths, so a reveal measured from the box's (or the widest line's) edge would show.
    expect(Math.max(...widths) - Math.min(...widths)).toBeGreaterThan(40);
    const bands = t.lines.map((_, i) => [Math.round(node.y + i * t.lineHeight) + 2, Math.round(node.y + (i + 1) * t.lineHeight) - 2] as const);
    const settled = await drawn(ir, SETTLED);
    const full = bands.map(([y0, y1]) => inkRange(settled, y0, y1)!);
    const chars = t.lines.map((l) => [...l.text].length);
    const total = chars.reduce((a, b) => a + b, 0);
    let partialsSeen = 0;
    for (const share of [0.08, 0.2, 0.3, 0.45, 0.55, 0.7, 0.85, 0.95]) {
      const frame = await drawn(ir, at(share * TYPE));
      // Nothing is shown that the settled title does not have there (no ink outside a line's extent).
      let stray = 0;
      for (let i = 0; i < W * H; i++) if (frame[i] > settled[i] + 24) stray++;
      expect(stray).toBe(0);
      let typed = Math.floor(share * total);
      bands.forEach(([y0, y1], i) => {
        const k = Math.min(chars[i], Math.max(0, typed));
        typed -= chars[i];
        const ink = inkRange(frame, y0, y1);
        const [lo, hi] = full[i];
        if (k === 0) return expect(ink).toBeUndefined();
        if (k >= chars[i]) return expect(ink).toEqual(full[i]);
        if (k < 2) return;
        // The line being typed: from its own start, about its typed share of its width.
        expect(ink).toBeDefined();
        const [a, b] = ink!;
        if (rtl) expect(Math.abs(b - hi)).toBeLessThanOrEqual(2);
        else expect(Math.abs(a - lo)).toBeLessThanOrEqual(2);
        const shown = (b - a) / (hi - lo);
        expect(shown).toBeLessThan(1);
        expect(Math.abs(shown - k / chars[i])).toBeLessThan(0.2);
        partialsSeen++;
      });
    }
    expect(partialsSeen).toBeGreaterThanOrEqual(4);
  });
});

describe('a container with opacity holding an animated node', () => {
  it('draws every layer split out of it at the container’s opacity (multiplied through nesting), as the still does', async () => {
    const white = [{ type: 'solid' as const, color: '#ffffff' }];
    const S = 320;
    const ir = flatDoc(S, S, '#000000', [
      {
        type: 'frame',
        id: 'outer',
        x: 0,
        y: 0,
        width: S,
        height: S,
        opacity: 0.8,
        children: [
          {
            type: 'group',
            id: 'inner',
            x: 20,
            y: 20,
            width: 280,
            height: 280,
            opacity: 0.5,
            children: [
              { type: 'rect', id: 'still-rect', x: 20, y: 20, width: 100, height: 100, fills: white },
              { type: 'text', id: 'caption', x: 20, y: 160, width: 280, height: 60, text: 'Olá', fontSize: 40, color: '#ffffff' },
              { type: 'rect', id: 'moving', x: 180, y: 180, width: 100, height: 100, fills: white, animation: { enter: { preset: 'fade', duration: 0.2 } } },
            ],
          },
        ],
      } as IrNode,
    ]);
    const still = await rasterize(ir);
    const expected = (x: number, y: number) => still.pixels[(y * S + x) * 4];
    // 0.8 × 0.5 of white.
    expect(expected(70, 70)).toBeGreaterThan(95);
    expect(expected(70, 70)).toBeLessThan(110);
    for (const motion of ['none', 'zoom_in', 'stagger'] as const) {
      const r = await renderVideo({ width: S, height: S, fps: 10, scenes: [{ source: { kind: 'ir', ir }, duration: 2, motion }] }, { workDir: await dir() });
      // Frame 15: the animated rect has long come in (and a zoom's background is past its start).
      const f = await frameAt(r.outputs[0].path, 15);
      const got = (x: number, y: number) => f[(y * S + x) * 3];
      expect(Math.abs(got(230, 230) - expected(230, 230))).toBeLessThanOrEqual(6);
      if (motion !== 'zoom_in') expect(Math.abs(got(70, 70) - expected(70, 70))).toBeLessThanOrEqual(6);
    }
  });
  it('keeps every child of a painted container split around an animated node, in its paint and at its opacity', async () => {
    // A red panel holding a white tile (decoration), a caption and an animated tile: split so the animated tile moves on
    // its own, the panel's paint is drawn bare, and the panel's other children must still be drawn over it.
    const S = 240;
    const white = [{ type: 'solid' as const, color: '#ffffff' }];
    for (const opacity of [undefined, 0.6]) {
      const ir = flatDoc(S, S, '#000000', [
        {
          type: 'frame',
          id: 'panel',
          x: 20,
          y: 20,
          width: 200,
          height: 200,
          opacity,
          cornerRadius: 12,
          fills: [{ type: 'solid', color: '#ff0000' }],
          children: [
            { type: 'rect', id: 'tile', x: 30, y: 30, width: 70, height: 70, fills: white },
            { type: 'text', id: 'caption', x: 30, y: 120, width: 90, height: 40, text: 'Olá', fontSize: 30, fontWeight: 700, color: '#ffffff' },
            { type: 'rect', id: 'moving', x: 130, y: 130, width: 60, height: 60, fills: white, animation: { enter: { preset: 'rise', duration: 0.3 } } },
          ],
        } as IrNode,
      ]);
      const still = await rasterize(ir);
      for (const motion of ['none', 'zoom_in', 'rise', 'stagger'] as const) {
        const scene = await prepareScene({ source: { kind: 'ir', ir }, duration: 2, motion }, S, S);
        const c = createCanvas(S, S);
        scene.draw(c.getContext('2d'), SETTLED);
        const got = c.getContext('2d').getImageData(0, 0, S, S).data;
        // Green is 0 on the panel and the ground, so it is the white children's alone.
        const green = (d: ArrayLike<number>, x: number, y: number) => d[(y * S + x) * 4 + 1];
        for (const [x, y, what] of [
          [65, 65, 'tile'],
          [160, 160, 'moving'],
        ] as const)
          expect([opacity, motion, what, green(got, x, y)]).toEqual([opacity, motion, what, green(still.pixels, x, y)]);
        // The caption's ink: as much of it as in the still (a camera motion resamples edges, hence the tolerance).
        let inkGot = 0;
        let inkStill = 0;
        for (let y = 140; y < 185; y++)
          for (let x = 50; x < 140; x++) {
            inkGot += green(got, x, y) > 60 ? 1 : 0;
            inkStill += green(still.pixels, x, y) > 60 ? 1 : 0;
          }
        expect(inkStill).toBeGreaterThan(100);
        expect(Math.abs(inkGot - inkStill)).toBeLessThan(inkStill * 0.05);
      }
    }
  });
});
