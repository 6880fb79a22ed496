/**
 * Contact sheets of the template catalogue: every template at every format of the checks, with a
 * sample brief, photo and logo, one PNG per format under tmp/templates-sheet/ (git-ignored).
 * Run: npm run templates:sheet [-- --brief short|long|pt] [-- --no-image]
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { buildTemplate, listTemplates, renderIr } from '../src/index';
import { BRIEFS, BRAND_COLORS, FORMATS, samplePhoto, sampleLogo } from '../src/__tests__/template-samples';

const args = process.argv.slice(2);
const briefName = (args[args.indexOf('--brief') + 1] as keyof typeof BRIEFS) || 'short';
const withImage = !args.includes('--no-image');
const out = resolve(__dirname, '../../../tmp/templates-sheet');
const esc = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

async function main() {
  mkdirSync(out, { recursive: true });
  const photo = await samplePhoto();
  const logo = await sampleLogo();
  const brief = { ...(BRIEFS[briefName] ?? BRIEFS.short), ...(withImage ? { image: { src: 'asset:photo', focal_point: { x: 0.5, y: 0.6 } } } : {}) };
  const brand = { colors: BRAND_COLORS, logo, logo_position: 'top_right' as const, logo_size: 80 };
  const templates = listTemplates();
  for (const f of FORMATS) {
    const box = f.width / f.height > 2.4 ? { w: 760, h: 200 } : { w: 380, h: 400 };
    const scale = Math.min(box.w / f.width, box.h / f.height);
    const tw = Math.round(f.width * scale);
    const th = Math.round(f.height * scale);
    const cols = box.w > 400 ? 2 : f.width / f.height < 0.5 ? 7 : 5;
    const cellW = tw + 24;
    const cellH = th + 56;
    const rows = Math.ceil(templates.length / cols);
    const tiles: OverlayOptions[] = [];
    const warnings: string[] = [];
    for (const [i, t] of templates.entries()) {
      const r = await buildTemplate(t.id, { brief, brand, format: { width: f.width, height: f.height } });
      if (r.warnings.length) warnings.push(`${t.id}: ${r.warnings.join('; ')}`);
      const png = await renderIr(r.ir, { scale, assets: { photo } });
      const x = (i % cols) * cellW + 12;
      const y = Math.floor(i / cols) * cellH + 12;
      tiles.push({ input: await sharp(png.data).resize(tw, th, { fit: 'fill' }).png().toBuffer(), left: x, top: y });
      const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${cellW}" height="40"><text x="0" y="16" font-family="sans-serif" font-size="14" font-weight="700" fill="#111">${esc(t.id)}</text><text x="0" y="34" font-family="sans-serif" font-size="12" fill="#555">${esc(`${t.name} · scale ${r.fontScale} · level ${r.contentLevel}${r.warnings.length ? ' · WARN' : ''}`)}</text></svg>`;
      tiles.push({ input: Buffer.from(label), left: x, top: y + th + 6 });
    }
    const file = join(out, `${f.name}${briefName === 'short' ? '' : `-${briefName}`}${withImage ? '' : '-no-image'}.png`);
    await sharp({ create: { width: cols * cellW, height: rows * cellH + 12, channels: 3, background: '#e9e9ee' } })
      .composite(tiles)
      .png()
      .toFile(file);
    console.log(`${file}${warnings.length ? `\n  warnings: ${warnings.join('\n  ')}` : ''}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
