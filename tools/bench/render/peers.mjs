// The five benchmark designs written for the peers: hand-written @napi-rs/canvas calls (the floor)
// and satori element trees (rendered with @resvg/resvg-js). Chromium screenshots the library's own
// HTML export of the same IR. Text lines for the floor come from the library's layout, computed
// once before timing, so the floor measures drawing and encoding only.
import { readFileSync } from 'node:fs';

const W = 1080;
/** The procedural background approximated with CSS radial gradients for satori and Chromium: color, x %, y %. */
const BLOBS = [
  ['#ff3d7f', 20, 30],
  ['#ffb800', 70, 20],
  ['#00c2ff', 30, 80],
  ['#12d18e', 80, 75],
  ['#ff3d7f', 55, 50],
  ['#ffb800', 10, 60],
];

function drawLines(ctx, m) {
  const t = m.text;
  ctx.font = t.font;
  ctx.letterSpacing = `${t.letterSpacing}px`;
  ctx.fillStyle = m.node.color ?? '#000000';
  ctx.textAlign = m.node.textAlign === 'center' ? 'center' : 'left';
  const x = m.node.textAlign === 'center' ? m.x + m.width / 2 : m.x;
  t.lines.forEach((line, i) => ctx.fillText(line.text, x, m.y + i * t.lineHeight + t.baseline));
}

function linear(ctx, angle, w, h, x0, y0, stops) {
  const a = (angle * Math.PI) / 180;
  const dx = Math.sin(a);
  const dy = -Math.cos(a);
  const len = Math.abs(w * dx) + Math.abs(h * dy);
  const cx = x0 + w / 2;
  const cy = y0 + h / 2;
  const g = ctx.createLinearGradient(cx - (dx * len) / 2, cy - (dy * len) / 2, cx + (dx * len) / 2, cy + (dy * len) / 2);
  for (const [o, c] of stops) g.addColorStop(o, c);
  return g;
}

/**
 * The floor's PNG encoder for a design: the settings the library picks for that IR, so that both
 * produce the same bytes and png/floor measures only the library's own overhead.
 */
export function floorEncode(lib, materialized) {
  const settings = lib.pngSettingsFor(materialized);
  const fn = (pixels) => lib.encodePng(pixels, W, W, settings, true);
  fn.label = lib.describePng(settings);
  return fn;
}

/**
 * The IR Chromium screenshots (through the library's HTML export). The HTML export embeds a raster
 * of a procedural background, so Chromium would only decode an image there; for Chromium the
 * procedural design is drawn the usual way instead, with layered CSS radial gradients (the same
 * blobs as the satori tree).
 */
export function chromiumIr(design) {
  if (design.name !== 'procedural') return design.ir;
  const corner = (x, y) => Math.max(Math.hypot(x, y), Math.hypot(W - x, y), Math.hypot(x, W - y), Math.hypot(W - x, W - y));
  const fills = [
    { type: 'solid', color: '#7b2ff7' },
    ...BLOBS.map(([color, x, y]) => ({
      type: 'radial-gradient',
      center: { x: x / 100, y: y / 100 },
      radius: corner((x / 100) * W, (y / 100) * W) / (Math.hypot(W, W) / 2),
      stops: [
        { offset: 0, color },
        { offset: 0.55, color: 'transparent' },
      ],
    })).reverse(),
  ];
  const root = design.ir.root;
  return {
    ...design.ir,
    root: {
      ...root,
      children: root.children.map((c) => (c.type === 'procedural' ? { type: 'rect', id: c.id, x: c.x, y: c.y, width: c.width, height: c.height, fills } : c)),
    },
  };
}

/** Floor drawers: (ctx, prepared) => void, where prepared = { texts: Map<id, MaterializedNode>, photo: Image, lib } */
export const floor = {
  text(ctx, p) {
    ctx.fillStyle = '#fbfaf7';
    ctx.fillRect(0, 0, W, W);
    for (const id of ['eyebrow', 'title', 'body', 'meta']) drawLines(ctx, p.texts.get(id));
  },
  gradient(ctx) {
    ctx.fillStyle = linear(ctx, 135, W, W, 0, 0, [
      [0, '#4f46e5'],
      [0.5, '#db2777'],
      [1, '#f59e0b'],
    ]);
    ctx.fillRect(0, 0, W, W);
    const r = ctx.createRadialGradient(890, 230, 0, 890, 230, Math.hypot(700, 700) / 2);
    r.addColorStop(0, 'rgba(255,255,255,0.7)');
    r.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = r;
    ctx.beginPath();
    ctx.ellipse(890, 230, 350, 350, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = linear(ctx, 90, 800, 400, 140, 340, [
      [0, 'rgba(255,255,255,0.35)'],
      [1, 'rgba(255,255,255,0.1)'],
    ]);
    ctx.beginPath();
    ctx.roundRect(140, 340, 800, 400, 48);
    ctx.fill();
    ctx.fillStyle = linear(ctx, 90, 800, 24, 140, 800, [
      [0, '#22d3ee'],
      [1, '#a3e635'],
    ]);
    ctx.beginPath();
    ctx.roundRect(140, 800, 800, 24, 12);
    ctx.fill();
  },
  image(ctx, p) {
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, W, W);
    const img = p.photo;
    const s = Math.max(W / img.width, W / img.height);
    const dw = img.width * s;
    const dh = img.height * s;
    const dx = Math.min(0, Math.max(W - dw, W / 2 - 0.3 * dw));
    ctx.drawImage(img, dx, (W - dh) / 2, dw, dh);
    ctx.fillStyle = linear(ctx, 180, W, 440, 0, 640, [
      [0, 'rgba(0,0,0,0)'],
      [1, 'rgba(0,0,0,0.75)'],
    ]);
    ctx.fillRect(0, 640, W, 440);
    drawLines(ctx, p.texts.get('caption'));
  },
  procedural(ctx, p) {
    ctx.fillStyle = '#111';
    ctx.fillRect(0, 0, W, W);
    p.lib.drawProcedural(ctx, { style: 'mesh', seed: 7, density: 1, phase: 0 }, W, W);
    drawLines(ctx, p.texts.get('title'));
  },
  mixed(ctx, p) {
    ctx.fillStyle = '#0f172a';
    ctx.fillRect(0, 0, W, W);
    const n = (id) => p.texts.get(id) ?? p.boxes.get(id);
    const av = n('avatar');
    ctx.beginPath();
    ctx.ellipse(av.x + 48, av.y + 48, 48, 48, 0, 0, Math.PI * 2);
    ctx.fillStyle = '#38bdf8';
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(av.x + 48, av.y + 48, 46, 46, 0, 0, Math.PI * 2);
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 4;
    ctx.stroke();
    drawLines(ctx, n('handle'));
    const ph = n('photo');
    ctx.save();
    ctx.shadowColor = 'rgba(0,0,0,0.5)';
    ctx.shadowBlur = 40;
    ctx.shadowOffsetY = 20;
    ctx.beginPath();
    ctx.roundRect(ph.x, ph.y, ph.width, ph.height, 32);
    ctx.fillStyle = '#000';
    ctx.fill();
    ctx.restore();
    ctx.save();
    ctx.beginPath();
    ctx.roundRect(ph.x, ph.y, ph.width, ph.height, 32);
    ctx.clip();
    const img = p.photo;
    const s = Math.max(ph.width / img.width, ph.height / img.height);
    ctx.drawImage(img, ph.x + (ph.width - img.width * s) / 2, ph.y + (ph.height - img.height * s) / 2, img.width * s, img.height * s);
    ctx.restore();
    drawLines(ctx, n('title'));
    const heart = n('heart');
    ctx.save();
    ctx.translate(heart.x, heart.y);
    ctx.scale(2, 2);
    ctx.fillStyle = '#f43f5e';
    ctx.fill(
      new p.Path2D(
        'M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z',
      ),
    );
    ctx.restore();
    const rule = n('rule');
    ctx.beginPath();
    ctx.moveTo(rule.x, rule.y);
    ctx.lineTo(rule.x + 200, rule.y);
    ctx.strokeStyle = '#64748b';
    ctx.lineCap = 'round';
    ctx.stroke();
    const chip = n('chip');
    ctx.beginPath();
    ctx.roundRect(chip.x, chip.y, 180, 56, [28, 28, 28, 4]);
    ctx.fillStyle = '#f59e0b';
    ctx.fill();
  },
};

export function satoriFonts(lib) {
  const faces = [
    ['Inter', 400, 'normal'],
    ['Inter', 600, 'normal'],
    ['Inter', 700, 'normal'],
    ['Inter', 800, 'normal'],
    ['Playfair Display', 700, 'normal'],
    ['Lora', 400, 'normal'],
    ['JetBrains Mono', 400, 'normal'],
  ];
  return faces.map(([name, weight, style]) => {
    const f = lib.bundledFontFile(name, weight, style);
    return { name, weight: f.weight, style, data: readFileSync(f.path) };
  });
}

const h = (type, style, ...children) => ({ type, props: { style, children: children.length === 1 ? children[0] : children } });

/** satori element trees for the same five scenes. */
export function satoriTrees(photoDataUrl, body) {
  const text = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: W, height: W, padding: 96, gap: 32, background: '#fbfaf7' },
    h('div', { fontFamily: 'Inter', fontSize: 28, fontWeight: 700, letterSpacing: 3, color: '#b45309' }, 'DESIGN NOTES · Nº 12'),
    h('div', { fontFamily: 'Playfair Display', fontSize: 84, fontWeight: 700, lineHeight: 1.1, color: '#1c1917' }, 'Ten principles for good design, revisited'),
    h('div', { fontFamily: 'Lora', fontSize: 36, lineHeight: 1.5, color: '#44403c' }, body),
    h('div', { fontFamily: 'JetBrains Mono', fontSize: 28, color: '#57534e' }, 'Dieter Rams — 1970s'),
  );
  const gradient = h(
    'div',
    { display: 'flex', position: 'relative', width: W, height: W, backgroundImage: 'linear-gradient(135deg, #4f46e5 0%, #db2777 50%, #f59e0b 100%)' },
    h('div', {
      position: 'absolute',
      left: 540,
      top: -120,
      width: 700,
      height: 700,
      borderRadius: 350,
      backgroundImage: 'radial-gradient(circle, rgba(255,255,255,0.7) 0%, rgba(255,255,255,0) 70%)',
    }),
    h('div', {
      position: 'absolute',
      left: 140,
      top: 340,
      width: 800,
      height: 400,
      borderRadius: 48,
      backgroundImage: 'linear-gradient(90deg, rgba(255,255,255,0.35), rgba(255,255,255,0.1))',
    }),
    h('div', {
      position: 'absolute',
      left: 140,
      top: 800,
      width: 800,
      height: 24,
      borderRadius: 12,
      backgroundImage: 'linear-gradient(90deg, #22d3ee, #a3e635)',
    }),
  );
  const image = h(
    'div',
    { display: 'flex', position: 'relative', width: W, height: W, background: '#000' },
    {
      type: 'img',
      props: {
        src: photoDataUrl,
        width: W,
        height: W,
        style: { position: 'absolute', left: 0, top: 0, width: W, height: W, objectFit: 'cover', objectPosition: '30% 50%' },
      },
    },
    h('div', { position: 'absolute', left: 0, top: 640, width: W, height: 440, backgroundImage: 'linear-gradient(180deg, rgba(0,0,0,0), rgba(0,0,0,0.75))' }),
    h(
      'div',
      { position: 'absolute', left: 80, top: 900, width: 920, fontFamily: 'Inter', fontSize: 64, fontWeight: 700, color: '#fff' },
      'Coastline, early morning',
    ),
  );
  const procedural = h(
    'div',
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: W,
      height: W,
      backgroundColor: '#7b2ff7',
      backgroundImage: BLOBS.map(([c, x, y]) => `radial-gradient(circle at ${x}% ${y}%, ${c} 0%, transparent 55%)`).join(', '),
    },
    h('div', { fontFamily: 'Inter', fontSize: 120, fontWeight: 800, color: '#fff' }, 'Procedural'),
  );
  const mixed = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: W, height: W, padding: 80, gap: 40, background: '#0f172a' },
    h(
      'div',
      { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
      h('div', { width: 96, height: 96, borderRadius: 48, background: '#38bdf8', border: '4px solid #fff' }),
      h('div', { fontFamily: 'Inter', fontSize: 32, fontWeight: 600, color: '#e2e8f0' }, '@creative.ir'),
    ),
    {
      type: 'img',
      props: {
        src: photoDataUrl,
        width: 920,
        height: 460,
        style: { width: 920, height: 460, borderRadius: 32, objectFit: 'cover', boxShadow: '0 20px 40px rgba(0,0,0,0.5)' },
      },
    },
    h('div', { fontFamily: 'Inter', fontSize: 56, fontWeight: 800, lineHeight: 1.1, color: '#fff' }, 'Mixed scene: shapes, image, text and paths'),
    h(
      'div',
      { display: 'flex', alignItems: 'center', gap: 24 },
      {
        type: 'svg',
        props: {
          width: 48,
          height: 44,
          viewBox: '0 0 24 22',
          children: {
            type: 'path',
            props: {
              fill: '#f43f5e',
              d: 'M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z',
            },
          },
        },
      },
      h('div', { width: 200, height: 4, borderRadius: 2, background: '#64748b' }),
      h('div', { width: 180, height: 56, borderRadius: '28px 28px 28px 4px', background: '#f59e0b' }),
    ),
  );
  return { text, gradient, image, procedural, mixed };
}
