import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTemplate, flattenMaterialized, initCreativeIr, listTemplates, LOGO_POSITIONS, materializeSync, type BrandKit, type LogoPosition } from '../index';
import { overlapsNode } from './corpus/measure';
import { FORMATS } from './template-samples';

/**
 * Brand kits offer a logo at the middle of a side (`center_left`, `center_right`, as the asset watermark does): every
 * template draws it there, at the middle of that edge, with nothing over its box (text columns beside, above or below
 * it), and moves it only where it moves a corner logo too (a photo or frame over that place), saying so (`logo_moved`).
 */
const ASSETS = join(__dirname, 'corpus/assets');
const brief = {
  language: 'pt-BR',
  eyebrow: 'Somente esta semana',
  title: 'O cold brew da estação chegou para deixar suas manhãs de verão muito mais leves',
  subtitle: 'Grãos do sul de Minas, extração lenta de dezoito horas e um toque de laranja-baía.',
  body: 'Passe no balcão, peça o seu com leite de aveia ou puro com gelo e ganhe um pão de queijo.',
  cta: 'Garanta o seu',
  author: 'Mariana Albuquerque',
  role: 'Mestre de torra',
  insight: '18h',
  items: ['Cold brew com laranja-baía', 'Leite de aveia sem custo extra', 'Pão de queijo de cortesia'],
  data: [
    { label: 'Extração a frio', value: 18 },
    { label: 'Acidez reduzida', value: 67 },
  ],
  image: { src: 'asset:coffee' },
  brand: { name: 'Café Jabuticaba', website: 'cafejabuticaba.com.br' },
};

describe('logo positions at the middle of a side', () => {
  let logo: Buffer;
  let assets: Record<string, Buffer>;
  beforeAll(async () => {
    await initCreativeIr();
    logo = readFileSync(join(ASSETS, 'logo-teal-wordmark.png'));
    assets = { coffee: readFileSync(join(ASSETS, 'photo-coffee.jpg')) };
  });

  it('are positions of the library, which the brand kit API takes its list from', () => {
    const sides: LogoPosition[] = ['center_left', 'center_right'];
    expect(LOGO_POSITIONS).toEqual(expect.arrayContaining(sides));
  });

  it.each(['center_left', 'center_right'] as const)(
    '%s: drawn at the middle of that edge in every template and format, nothing over it, moved only with logo_moved',
    async (position) => {
      let kept = 0,
        total = 0;
      for (const template of listTemplates().map((t) => t.id))
        for (const f of FORMATS) {
          const brand: BrandKit = {
            colors: ['#0F5257', '#F2A541', '#F6EFE3'],
            fonts: { heading: 'Playfair Display', body: 'Inter' },
            logo,
            logo_position: position,
          };
          const r = await buildTemplate(template, { brief, brand, format: { width: f.width, height: f.height }, assets });
          const m = materializeSync(r.ir);
          const nodes = flattenMaterialized(m.root);
          const l = nodes.find((n) => n.id === 'logo')!;
          const at = `${template} ${f.name}`;
          expect(l, at).toBeDefined();
          // Nothing drawn over the logo's box: text, photos, frames, decoration (full-page grounds are the plate's concern).
          const over = nodes
            .filter((n) => !['root', 'logo', 'logo-plate'].includes(n.id) && n.node.visible !== false && (n.node.opacity ?? 1) > 0)
            .filter((n) => {
              if (n.type === 'text') return !!n.text?.lines.some((x) => x.text.trim());
              const filled = (n.node.fills ?? []).length > 0;
              if (n.type === 'frame' && !filled && !(n.node.strokes ?? []).length) return false;
              return n.width * n.height < 0.5 * f.width * f.height;
            })
            .filter((n) =>
              overlapsNode(l, {
                x: n.x,
                y: n.y,
                width: n.width,
                height: n.height,
                strokeOnly: !((n.node.fills ?? []).length > 0 || ['image', 'text', 'procedural'].includes(n.type)),
                strokeWidth: Math.max(1, ...(n.node.strokes ?? []).map((s) => s.width)),
                ellipse: n.type === 'ellipse',
              }),
            )
            .map((n) => n.id);
          expect(over, at).toEqual([]);
          const moved = r.notices.find((n) => n.code === 'logo_moved');
          total++;
          if (moved) {
            expect(moved.asked, at).toBe(position);
            continue;
          }
          kept++;
          // At the middle of the edge asked: centred vertically, against that side.
          expect(Math.abs(l.y + l.height / 2 - f.height / 2), at).toBeLessThanOrEqual(1);
          if (position === 'center_left') expect(l.x + l.width / 2, at).toBeLessThan(f.width / 2);
          else expect(l.x + l.width / 2, at).toBeGreaterThan(f.width / 2);
        }
      // Moved about as often as a corner logo is (a photo or frame over that side at some formats).
      expect(kept / total).toBeGreaterThanOrEqual(0.8);
    },
    300_000,
  );
});
