import {
  mix,
  PROCEDURAL_STYLE_IDS,
  resolvePalette,
  seededRandom,
  withAlpha,
  type IrDocument,
  type IrNode,
  type ProceduralStyleId,
} from '@platform/creative-ir';
import { chooseSubject, emojiSvg, fold, promptWords, type SubjectChoice } from './emoji-subjects';
import { SCENE_TILES } from './subject-words';

/**
 * The built-in image generator: a prompt (and optional style and seed) to a finished IR picture, deterministically.
 * Words of the prompt and style choose a composition (landscape, cosmic, botanical, geometric or abstract), a palette
 * and a procedural background from the library; the seed (given, or a hash of the prompt) places every shape.
 * English and Portuguese words are understood. Same input, same IR, same bytes.
 *
 * When the prompt names something an emoji shows (emoji-subjects.ts: Fluent Emoji Flat, MIT © Microsoft, found by
 * name and emojilib keywords, in en, pt and es), that illustration is the picture's subject: drawn over the
 * composition's background (its own focal shapes left out), centred at ~60% of the short side with a soft shadow,
 * with up to two smaller props for words it does not show.
 */

export const COMPOSITIONS = ['abstract', 'landscape', 'cosmic', 'botanical', 'geometric'] as const;
export type Composition = (typeof COMPOSITIONS)[number];

export interface GeneratedPicture {
  ir: IrDocument;
  seed: number;
  composition: Composition;
  /** The procedural style of the background (abstract and cosmic pictures). */
  background: ProceduralStyleId | null;
  palette: string[];
  mood: string;
  /** The illustration drawn as the subject (and its props), or null: an abstract picture of the words' mood. */
  subject: SubjectChoice | null;
}

/** FNV-1a 32-bit, folded into a non-negative 31-bit seed. */
export function promptSeed(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of Buffer.from(text.normalize('NFC').trim().toLowerCase(), 'utf8')) {
    h ^= ch;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h & 0x7fffffff;
}

/** The library's seeded PRNG (mulberry32) in [0, 1): the same seed, the same shapes. */
const rng = seededRandom;

/** Lower-case words without accents ("Pôr-do-sol" → ["por", "do", "sol"]): the subject matcher's own folding. */
export const words = fold;

const has = (ws: Set<string>, list: string[]) => list.some((w) => ws.has(w) || [...ws].some((x) => x.length > 4 && w.length > 4 && x.startsWith(w)));

/** Moods: the words that call them and their palettes (background first, then accents). */
const MOODS: { id: string; words: string[]; palettes: string[][] }[] = [
  {
    id: 'night',
    words: [
      'night',
      'space',
      'galaxy',
      'star',
      'stars',
      'cosmos',
      'universe',
      'planet',
      'moon',
      'noite',
      'espaco',
      'galaxia',
      'estrela',
      'estrelas',
      'universo',
      'planeta',
      'lua',
      'dark',
      'escuro',
      'midnight',
    ],
    palettes: [
      ['#070b1a', '#1b1f4b', '#5b3f9e', '#d46bd1', '#7ee8fa'],
      ['#05060f', '#12264f', '#2b6cb0', '#9f7aea', '#fbd38d'],
    ],
  },
  {
    id: 'ocean',
    words: [
      'ocean',
      'sea',
      'water',
      'wave',
      'waves',
      'beach',
      'surf',
      'oceano',
      'mar',
      'agua',
      'onda',
      'ondas',
      'praia',
      'azul',
      'blue',
      'lake',
      'lago',
      'rio',
      'river',
    ],
    palettes: [
      ['#03045e', '#0077b6', '#00b4d8', '#90e0ef', '#caf0f8'],
      ['#0b3954', '#087e8b', '#5adbff', '#bfd7ea', '#ff5a5f'],
    ],
  },
  {
    id: 'sunset',
    words: [
      'sunset',
      'sunrise',
      'dusk',
      'dawn',
      'summer',
      'warm',
      'sun',
      'por',
      'sol',
      'verao',
      'amanhecer',
      'entardecer',
      'calor',
      'quente',
      'orange',
      'laranja',
      'tropical',
    ],
    palettes: [
      ['#2d1b4e', '#8e3b6f', '#e8505b', '#f9a03f', '#fde2a7'],
      ['#355c7d', '#6c5b7b', '#c06c84', '#f67280', '#f8b195'],
    ],
  },
  {
    id: 'forest',
    words: [
      'forest',
      'nature',
      'leaf',
      'leaves',
      'tree',
      'trees',
      'green',
      'garden',
      'plant',
      'plants',
      'floresta',
      'natureza',
      'folha',
      'folhas',
      'arvore',
      'verde',
      'jardim',
      'planta',
      'plantas',
      'eco',
      'sustentavel',
      'sustainable',
    ],
    palettes: [
      ['#f1f5e9', '#2d6a4f', '#40916c', '#95d5b2', '#f4a261'],
      ['#0f2a1d', '#1b4332', '#52b788', '#d8f3dc', '#e9c46a'],
    ],
  },
  {
    id: 'blossom',
    words: [
      'flower',
      'flowers',
      'blossom',
      'spring',
      'pink',
      'rose',
      'roses',
      'floral',
      'flor',
      'flores',
      'primavera',
      'rosa',
      'rosas',
      'pastel',
      'candy',
      'doce',
      'love',
      'amor',
    ],
    palettes: [
      ['#fff5f7', '#ffafcc', '#ffc8dd', '#cdb4db', '#a2d2ff'],
      ['#fdf0e9', '#f28482', '#f5cac3', '#84a59d', '#f6bd60'],
    ],
  },
  {
    id: 'autumn',
    words: [
      'autumn',
      'fall',
      'coffee',
      'cafe',
      'earth',
      'outono',
      'terra',
      'chocolate',
      'wood',
      'madeira',
      'rustic',
      'rustico',
      'cozy',
      'aconchego',
      'desert',
      'deserto',
    ],
    palettes: [
      ['#fbf3e4', '#6f4e37', '#bc6c25', '#dda15e', '#283618'],
      ['#2b1d14', '#7f5539', '#b08968', '#ddb892', '#ede0d4'],
    ],
  },
  {
    id: 'luxury',
    words: ['gold', 'luxury', 'premium', 'elegant', 'black', 'ouro', 'dourado', 'luxo', 'elegante', 'preto', 'noir', 'jewel', 'joia'],
    palettes: [['#0d0d0d', '#1f1f1f', '#b08d57', '#e6c68a', '#f5f0e6']],
  },
  {
    id: 'neon',
    words: [
      'neon',
      'cyber',
      'cyberpunk',
      'futuristic',
      'future',
      'tech',
      'technology',
      'digital',
      'futuro',
      'futurista',
      'tecnologia',
      'synthwave',
      'retro',
      'game',
      'games',
      'jogo',
    ],
    palettes: [
      ['#0a0118', '#2d00f7', '#f20089', '#00f5d4', '#fee440'],
      ['#090c2a', '#ff00a0', '#7a04eb', '#00e5ff', '#fff200'],
    ],
  },
  {
    id: 'winter',
    words: ['winter', 'snow', 'ice', 'cold', 'frost', 'inverno', 'neve', 'gelo', 'frio', 'christmas', 'natal'],
    palettes: [['#f0f6fc', '#b9d6f2', '#6aa9de', '#2b5a87', '#e63946']],
  },
  {
    id: 'fire',
    words: ['fire', 'red', 'passion', 'energy', 'fogo', 'vermelho', 'paixao', 'energia', 'sale', 'promo', 'promocao', 'oferta', 'black friday'],
    palettes: [['#1a0505', '#6a040f', '#d00000', '#f48c06', '#ffba08']],
  },
];

const COMPOSITION_WORDS: Record<Exclude<Composition, 'abstract'>, string[]> = {
  landscape: [
    'landscape',
    'mountain',
    'mountains',
    'sunset',
    'sunrise',
    'beach',
    'valley',
    'hills',
    'desert',
    'lake',
    'paisagem',
    'montanha',
    'montanhas',
    'praia',
    'vale',
    'colinas',
    'deserto',
    'lago',
    'horizon',
    'horizonte',
    'sea',
    'mar',
    'ocean',
    'oceano',
  ],
  cosmic: [
    'space',
    'galaxy',
    'planet',
    'planets',
    'cosmos',
    'universe',
    'stars',
    'star',
    'moon',
    'orbit',
    'espaco',
    'galaxia',
    'planeta',
    'universo',
    'estrelas',
    'estrela',
    'lua',
    'orbita',
    'astronaut',
    'astronauta',
  ],
  botanical: [
    'flower',
    'flowers',
    'botanical',
    'floral',
    'garden',
    'leaf',
    'leaves',
    'plant',
    'plants',
    'bouquet',
    'flor',
    'flores',
    'botanico',
    'jardim',
    'folha',
    'folhas',
    'planta',
    'plantas',
    'buque',
  ],
  geometric: [
    'geometric',
    'geometry',
    'bauhaus',
    'minimal',
    'minimalist',
    'shapes',
    'grid',
    'modern',
    'poster',
    'pattern',
    'geometrico',
    'geometria',
    'minimalista',
    'formas',
    'moderno',
    'padrao',
    'cartaz',
    'mosaic',
    'mosaico',
  ],
};

const BACKGROUND_WORDS: [ProceduralStyleId, string[]][] = [
  ['waves', ['wave', 'waves', 'flow', 'onda', 'ondas', 'fluxo', 'water', 'agua']],
  ['aurora', ['aurora', 'northern', 'boreal', 'glow', 'brilho']],
  ['rays', ['rays', 'light', 'sunburst', 'raios', 'luz', 'energy', 'energia']],
  ['topography', ['map', 'topography', 'terrain', 'contour', 'mapa', 'relevo', 'terreno', 'adventure', 'aventura']],
  ['grid', ['grid', 'tech', 'technology', 'blueprint', 'data', 'tecnologia', 'dados', 'code', 'codigo']],
  ['noise', ['marble', 'paper', 'texture', 'marmore', 'papel', 'textura', 'stone', 'pedra']],
  ['blobs', ['fluid', 'organic', 'soft', 'bubbles', 'fluido', 'organico', 'suave', 'bolhas', 'calm', 'calmo']],
  ['halftone', ['halftone', 'comic', 'pop', 'dots', 'pontos', 'quadrinhos']],
  ['grain', ['grain', 'film', 'vintage', 'analog', 'granulado', 'filme', 'analogico']],
];

/** The finished picture for a prompt. */
export function generatePicture(input: { prompt: string; style?: string | null; seed?: number | null; width: number; height: number }): GeneratedPicture {
  const seed = input.seed ?? promptSeed(input.prompt);
  const r = rng(seed);
  let subject = chooseSubject(input.prompt);
  // The prompt's words, with their English translations and related words ("barista" → coffee: an autumn palette).
  const ws = new Set([...words(input.prompt), ...promptWords(input.prompt), ...words(input.style ?? '')]);
  const style = (input.style ?? '').trim().toLowerCase();

  // Composition: named by `style`, else by the prompt's words, else abstract.
  let composition: Composition = 'abstract';
  let background: ProceduralStyleId | null = null;
  if ((COMPOSITIONS as readonly string[]).includes(style)) composition = style as Composition;
  else if ((PROCEDURAL_STYLE_IDS as readonly string[]).includes(style)) background = style as ProceduralStyleId;
  else {
    const scored = (Object.entries(COMPOSITION_WORDS) as [Composition, string[]][])
      .map(([c, list]) => [c, list.filter((w) => ws.has(w)).length] as const)
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1]);
    if (scored.length) composition = scored[0][0];
  }

  // Palette: the mood its words call (most matches), else a procedural tone picked by the seed.
  const moods = MOODS.map((m) => [m, m.words.filter((w) => has(ws, [w])).length] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  let mood = 'seeded';
  let palette: string[];
  if (moods.length) {
    const m = moods[0][0];
    mood = m.id;
    palette = m.palettes[seed % m.palettes.length];
  } else {
    const tones = ['vivid', 'dark', 'light', 'muted'] as const;
    const tone = ws.has('dark') || ws.has('escuro') ? 'dark' : ws.has('light') || ws.has('claro') ? 'light' : tones[seed % 4 === 3 ? 0 : seed % 3];
    mood = tone;
    palette = resolvePalette({ style: 'mesh', seed, tone }).slice(0, 5);
  }

  if (!background && (composition === 'abstract' || composition === 'cosmic')) {
    const found = BACKGROUND_WORDS.find(([, list]) => list.some((w) => ws.has(w)));
    background = found ? found[0] : composition === 'cosmic' ? 'aurora' : (['mesh', 'blobs', 'waves', 'aurora', 'noise'] as const)[seed % 5];
  }

  const W = input.width;
  const H = input.height;
  let children =
    composition === 'landscape'
      ? landscape(W, H, palette, r, mood === 'night', mood === 'sunset')
      : composition === 'cosmic'
        ? cosmic(W, H, palette, r, seed, background!)
        : composition === 'botanical'
          ? botanical(W, H, palette, r)
          : composition === 'geometric'
            ? geometric(W, H, palette, r)
            : abstract(W, H, palette, r, seed, background!);
  // A framed scene ("sunset": a city at dusk in a square) is not pasted over a landscape or sky that already is that scene.
  if (subject && SCENE_TILES.includes(subject.name) && (composition === 'landscape' || composition === 'cosmic')) subject = null;
  if (subject) {
    const kept = children.filter((n) => !FOCAL.test(n.id ?? ''));
    const drawn = subjectNodes(W, H, subject, palette, seed, composition);
    // In a landscape the subject stands behind the lake (its foot under the water); elsewhere it is drawn last.
    const lake = kept.findIndex((n) => n.id === 'water');
    children = lake >= 0 && LANDFORMS.includes(subject.name) ? [...kept.slice(0, lake), ...drawn, ...kept.slice(lake)] : [...kept, ...drawn];
  }
  const ir: IrDocument = {
    version: 1,
    width: W,
    height: H,
    background: palette[0],
    root: { type: 'frame', id: 'root', width: W, height: H, clipContent: true, children },
  };
  return { ir, seed, composition, background: composition === 'abstract' || composition === 'cosmic' ? background : null, palette, mood, subject };
}

/** A composition's own focal shapes (orbs, the planet and its moon, flowers, the vignette), left out under a subject. */
const FOCAL = /^(orb-|planet|ring-|moon$|flower-|leaf-|vignette$)/;
/** Emoji that are a piece of land (their art ends in a flat ground): drawn standing in a landscape, foot under its lake. */
const LANDFORMS = ['mountain', 'snow-capped-mountain', 'volcano', 'mount-fuji', 'water-wave'];
/** How far down each landform's art its sides stop being a slope (the lake's line is put there). */
const WATERLINE: Record<string, number> = { mountain: 0.45, 'snow-capped-mountain': 0.58, volcano: 0.8, 'mount-fuji': 0.78, 'water-wave': 0.8 };

/**
 * The subject over the background: a soft halo to lift it from the ground, a contact shadow (not in space), the
 * illustration's own silhouette blurred as its drop shadow, then the illustration, ~60% of the short side; props at a
 * third of its size beside its foot, on the side the seed picks.
 */
function subjectNodes(W: number, H: number, subject: SubjectChoice, pal: string[], seed: number, composition: Composition): IrNode[] {
  const m = Math.min(W, H);
  const floating = composition === 'cosmic';
  // A landform in a landscape stands in it: its foot under the lake, no halo or shadows.
  const grounded = composition === 'landscape' && LANDFORMS.includes(subject.name);
  const s = m * (grounded ? 0.7 : subject.props.length ? 0.56 : 0.64);
  const side = seed % 2 ? 1 : -1;
  const cx = W / 2 - side * (subject.props.length === 1 ? s * 0.14 : 0);
  const cy = grounded ? H * 0.86 - s * (WATERLINE[subject.name] - 0.5) : composition === 'landscape' ? H * 0.56 : H * 0.5;
  const x = cx - s / 2;
  const y = cy - s / 2;
  const light = mix(pal[pal.length - 1] ?? '#ffffff', '#ffffff', 0.55);
  const out: IrNode[] = [
    {
      type: 'rect',
      id: 'vignette-soft',
      x: 0,
      y: 0,
      width: W,
      height: H,
      fills: [
        {
          type: 'radial-gradient',
          center: { x: 0.5, y: 0.5 },
          radius: 1.1,
          stops: [
            { offset: 0.6, color: '#00000000' },
            { offset: 1, color: '#00000040' },
          ],
        },
      ],
    },
  ];
  if (!grounded)
    out.push({
      type: 'ellipse',
      id: 'subject-halo',
      x: round(cx - s * 0.8),
      y: round(cy - s * 0.8),
      width: round(s * 1.6),
      height: round(s * 1.6),
      blur: round(s * 0.12),
      fills: [
        {
          type: 'radial-gradient',
          stops: [
            { offset: 0, color: withAlpha(light, floating ? 0.3 : 0.5) },
            { offset: 0.45, color: withAlpha(light, floating ? 0.12 : 0.2) },
            { offset: 0.7, color: withAlpha(light, 0) },
          ],
        },
      ],
    });
  const figure = (id: string, name: string, fx: number, fy: number, size: number) => {
    if (grounded) {
      out.push({ type: 'image', id, x: round(fx), y: round(fy), width: round(size), height: round(size), fit: 'contain', src: emojiSvg(name, size) });
      return;
    }
    if (!floating)
      out.push({
        type: 'ellipse',
        id: `${id}-contact`,
        x: round(fx + size * 0.14),
        y: round(fy + size * 0.87),
        width: round(size * 0.72),
        height: round(size * 0.1),
        blur: round(size * 0.035),
        opacity: 0.32,
        fills: [{ type: 'solid', color: '#000000' }],
      });
    out.push({
      type: 'image',
      id: `${id}-shadow`,
      x: round(fx + size * 0.015),
      y: round(fy + size * 0.035),
      width: round(size),
      height: round(size),
      fit: 'contain',
      blur: round(size * 0.03),
      opacity: 0.28,
      src: emojiSvg(name, size, true),
    });
    out.push({ type: 'image', id, x: round(fx), y: round(fy), width: round(size), height: round(size), fit: 'contain', src: emojiSvg(name, size) });
  };
  figure('subject', subject.name, x, y, s);
  subject.props.forEach((p, i) => {
    // Both at the subject's foot, one each side, the first larger and in front.
    const ps = s * (i === 0 ? 0.42 : 0.36);
    const px = (i === 0 ? cx + side * s * 0.55 : cx - side * s * 0.55) - ps / 2;
    const py = y + s * 0.94 - ps * 0.9;
    figure(`prop-${i}`, p.name, Math.min(Math.max(px, m * 0.04), W - ps - m * 0.04), py, ps);
  });
  return out;
}

const round = (n: number) => Math.round(n * 10) / 10;
const grainOf = (W: number, H: number): IrNode => ({
  type: 'rect',
  id: 'vignette',
  x: 0,
  y: 0,
  width: W,
  height: H,
  fills: [
    {
      type: 'radial-gradient',
      center: { x: 0.5, y: 0.45 },
      radius: 1.05,
      stops: [
        { offset: 0.55, color: '#00000000' },
        { offset: 1, color: '#00000059' },
      ],
    },
  ],
});

function abstract(W: number, H: number, pal: string[], r: () => number, seed: number, style: ProceduralStyleId): IrNode[] {
  const m = Math.min(W, H);
  const out: IrNode[] = [
    { type: 'procedural', id: 'background', style, seed, density: round(0.8 + r() * 0.8), phase: round(r()), palette: pal, x: 0, y: 0, width: W, height: H },
  ];
  // Glassy orbs: big soft glows, then a few crisp spheres with a highlight.
  for (let i = 0; i < 3; i++) {
    const d = m * (0.5 + r() * 0.5);
    out.push({
      type: 'ellipse',
      id: `glow-${i}`,
      x: round(r() * W - d / 2),
      y: round(r() * H - d / 2),
      width: round(d),
      height: round(d),
      blur: round(m * 0.08),
      opacity: 0.55,
      blendMode: 'screen',
      fills: [{ type: 'solid', color: pal[1 + ((i + seed) % (pal.length - 1))] }],
    });
  }
  const n = 2 + Math.floor(r() * 3);
  for (let i = 0; i < n; i++) {
    const d = m * (0.12 + r() * 0.26);
    const c = pal[1 + ((i * 2 + seed) % (pal.length - 1))];
    out.push({
      type: 'ellipse',
      id: `orb-${i}`,
      x: round(W * 0.1 + r() * (W * 0.8 - d)),
      y: round(H * 0.1 + r() * (H * 0.8 - d)),
      width: round(d),
      height: round(d),
      shadows: [{ x: 0, y: round(d * 0.08), blur: round(d * 0.25), color: '#00000040' }],
      fills: [
        {
          type: 'radial-gradient',
          center: { x: 0.32, y: 0.28 },
          radius: 1.1,
          stops: [
            { offset: 0, color: mix(c, '#ffffff', 0.7) },
            { offset: 0.45, color: c },
            { offset: 1, color: mix(c, '#000000', 0.45) },
          ],
        },
      ],
    });
  }
  out.push(grainOf(W, H));
  return out;
}

function ridge(W: number, H: number, base: number, amp: number, r: () => number, steps: number): string {
  const pts: [number, number][] = [];
  for (let i = 0; i <= steps; i++) pts.push([(W * i) / steps, base - amp * (0.35 + 0.65 * r())]);
  let d = `M0 ${H} L0 ${round(pts[0][1])}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    d += ` Q${round((x0 + x1) / 2 + (r() - 0.5) * (W / steps) * 0.4)} ${round(Math.min(y0, y1) - amp * 0.15 * r())} ${round(x1)} ${round(y1)}`;
  }
  return `${d} L${W} ${H} Z`;
}

function landscape(W: number, H: number, pal: string[], r: () => number, night: boolean, warm = false): IrNode[] {
  const m = Math.min(W, H);
  // A sunset: a sky from dusk violet through red to a glowing horizon, and a golden sun (not a pale, moon-like disc).
  const sky = night
    ? [pal[0], pal[1], pal[2]]
    : warm
      ? [pal[1] ?? pal[0], pal[2] ?? pal[1], mix(pal[3] ?? pal[2], '#ffd27a', 0.35)]
      : [pal[1] ?? pal[0], pal[3] ?? pal[2], pal[4] ?? pal[2]];
  const out: IrNode[] = [
    {
      type: 'rect',
      id: 'sky',
      x: 0,
      y: 0,
      width: W,
      height: H,
      fills: [
        {
          type: 'linear-gradient',
          angle: 180,
          stops: [
            { offset: 0, color: sky[0] },
            { offset: 0.6, color: sky[1] },
            { offset: 1, color: sky[2] },
          ],
        },
      ],
    },
  ];
  if (night) {
    for (let i = 0; i < 90; i++) {
      const s = m * (0.002 + r() * 0.004);
      out.push({
        type: 'ellipse',
        id: `star-${i}`,
        x: round(r() * W),
        y: round(r() * H * 0.55),
        width: round(s),
        height: round(s),
        opacity: round(0.4 + r() * 0.6),
        fills: [{ type: 'solid', color: '#ffffff' }],
      });
    }
  }
  const sd = m * (0.16 + r() * 0.1);
  const sx = W * (0.25 + r() * 0.5) - sd / 2;
  const sy = H * (0.2 + r() * 0.18);
  const sun = night ? '#f5f3ce' : warm ? mix(pal[3] ?? '#f9a03f', '#ffc94a', 0.45) : mix(pal[4] ?? '#ffffff', '#ffffff', 0.35);
  out.push({
    type: 'ellipse',
    id: 'sun-glow',
    x: round(sx - sd),
    y: round(sy - sd),
    width: round(sd * 3),
    height: round(sd * 3),
    opacity: 0.45,
    blur: round(sd * 0.5),
    fills: [{ type: 'solid', color: sun }],
  });
  out.push({ type: 'ellipse', id: 'sun', x: round(sx), y: round(sy), width: round(sd), height: round(sd), fills: [{ type: 'solid', color: sun }] });
  const layers = 4;
  const far = night ? pal[2] : (pal[2] ?? pal[1]);
  const near = night ? pal[0] : mix(pal[0], '#000000', 0.25);
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const color = mix(mix(far, sky[1], 0.35), near, t);
    const base = H * (0.55 + t * 0.22);
    out.push({
      type: 'path',
      id: `ridge-${i}`,
      x: 0,
      y: 0,
      width: W,
      height: H,
      d: ridge(W, H, base, H * (0.22 - t * 0.08), r, 5 + i * 2),
      fills: [
        {
          type: 'linear-gradient',
          angle: 180,
          stops: [
            { offset: 0, color: mix(color, '#ffffff', 0.08) },
            { offset: 1, color: mix(color, '#000000', 0.15) },
          ],
        },
      ],
    });
  }
  // A lake with the sun's reflection at the foot of the hills.
  const lakeY = H * 0.86;
  out.push({
    type: 'rect',
    id: 'water',
    x: 0,
    y: round(lakeY),
    width: W,
    height: round(H - lakeY),
    fills: [
      {
        type: 'linear-gradient',
        angle: 180,
        stops: [
          { offset: 0, color: mix(sky[2], near, 0.4) },
          { offset: 1, color: near },
        ],
      },
    ],
  });
  for (let i = 0; i < 6; i++) {
    const w = sd * (1.2 - i * 0.16);
    out.push({
      type: 'rect',
      id: `reflection-${i}`,
      x: round(sx + sd / 2 - w / 2),
      y: round(lakeY + (H - lakeY) * (0.12 + i * 0.14)),
      width: round(w),
      height: round(Math.max(1, m * 0.006)),
      cornerRadius: round(m * 0.003),
      opacity: round(0.7 - i * 0.09),
      fills: [{ type: 'solid', color: sun }],
    });
  }
  out.push(grainOf(W, H));
  return out;
}

function cosmic(W: number, H: number, pal: string[], r: () => number, seed: number, style: ProceduralStyleId): IrNode[] {
  const m = Math.min(W, H);
  const dark = [pal[0], mix(pal[0], pal[1], 0.6), pal[2], pal[3] ?? pal[2]];
  const out: IrNode[] = [{ type: 'procedural', id: 'background', style, seed, density: 1, phase: round(r()), palette: dark, x: 0, y: 0, width: W, height: H }];
  for (let i = 0; i < 140; i++) {
    const s = m * (0.0015 + r() * r() * 0.007);
    out.push({
      type: 'ellipse',
      id: `star-${i}`,
      x: round(r() * W),
      y: round(r() * H),
      width: round(s),
      height: round(s),
      opacity: round(0.35 + r() * 0.65),
      fills: [{ type: 'solid', color: i % 7 === 0 ? (pal[4] ?? '#ffffff') : '#ffffff' }],
    });
  }
  const d = m * (0.34 + r() * 0.16);
  const x = W * (0.2 + r() * 0.6) - d / 2;
  const y = H * (0.25 + r() * 0.5) - d / 2;
  const c = pal[3] ?? pal[2];
  const tilt = round(-25 + r() * 50);
  out.push({
    type: 'ellipse',
    id: 'planet-glow',
    x: round(x - d * 0.2),
    y: round(y - d * 0.2),
    width: round(d * 1.4),
    height: round(d * 1.4),
    blur: round(d * 0.18),
    opacity: 0.5,
    fills: [{ type: 'solid', color: c }],
  });
  out.push({
    type: 'ellipse',
    id: 'ring-back',
    x: round(x - d * 0.45),
    y: round(y + d * 0.36),
    width: round(d * 1.9),
    height: round(d * 0.28),
    rotation: tilt,
    strokes: [{ color: withAlpha(pal[4] ?? '#ffffff', 0.55), width: round(m * 0.012) }],
  });
  out.push({
    type: 'ellipse',
    id: 'planet',
    x: round(x),
    y: round(y),
    width: round(d),
    height: round(d),
    fills: [
      {
        type: 'radial-gradient',
        center: { x: 0.35, y: 0.3 },
        radius: 1.15,
        stops: [
          { offset: 0, color: mix(c, '#ffffff', 0.55) },
          { offset: 0.5, color: c },
          { offset: 1, color: mix(pal[1], '#000000', 0.5) },
        ],
      },
    ],
  });
  // The near half of the ring passes in front of the planet (the far half, ring-back, behind it).
  const rw = round(d * 1.9);
  const rh = round(d * 0.28);
  out.push({
    type: 'path',
    id: 'ring-front',
    x: round(x - d * 0.45),
    y: round(y + d * 0.36),
    width: rw,
    height: rh,
    rotation: tilt,
    viewBox: [0, 0, rw, rh],
    d: `M0 ${round(rh / 2)} A${round(rw / 2)} ${round(rh / 2)} 0 0 0 ${rw} ${round(rh / 2)}`,
    strokes: [{ color: withAlpha(pal[4] ?? '#ffffff', 0.85), width: round(m * 0.012) }],
  });
  out.push({
    type: 'ellipse',
    id: 'moon',
    x: round(x + d * (1.1 + r() * 0.3)),
    y: round(y - d * 0.15),
    width: round(d * 0.14),
    height: round(d * 0.14),
    fills: [
      {
        type: 'radial-gradient',
        center: { x: 0.3, y: 0.3 },
        stops: [
          { offset: 0, color: '#ffffff' },
          { offset: 1, color: mix(pal[4] ?? '#cccccc', '#000000', 0.3) },
        ],
      },
    ],
  });
  out.push(grainOf(W, H));
  return out;
}

function botanical(W: number, H: number, pal: string[], r: () => number): IrNode[] {
  const m = Math.min(W, H);
  const bg = pal[0];
  const out: IrNode[] = [
    {
      type: 'rect',
      id: 'paper',
      x: 0,
      y: 0,
      width: W,
      height: H,
      fills: [
        {
          type: 'radial-gradient',
          center: { x: 0.5, y: 0.4 },
          radius: 1.2,
          stops: [
            { offset: 0, color: mix(bg, '#ffffff', 0.4) },
            { offset: 1, color: mix(bg, pal[2] ?? pal[1], 0.25) },
          ],
        },
      ],
    },
  ];
  const cx = W / 2;
  const cy = H * 0.58;
  const leaf = 'M0 50 C20 10 80 10 100 50 C80 90 20 90 0 50 Z';
  const stemColor = mix(pal[1], '#000000', 0.2);
  const leaves = 9 + Math.floor(r() * 5);
  for (let i = 0; i < leaves; i++) {
    const a = -170 + (160 * i) / (leaves - 1) + (r() - 0.5) * 12;
    const len = m * (0.28 + r() * 0.16);
    const rad = (a * Math.PI) / 180;
    const lx = cx + Math.cos(rad) * len * 0.5;
    const ly = cy + Math.sin(rad) * len * 0.5;
    out.push({
      type: 'path',
      id: `leaf-${i}`,
      x: round(lx - len / 2),
      y: round(ly - len * 0.16),
      width: round(len),
      height: round(len * 0.32),
      rotation: round(a),
      viewBox: [0, 0, 100, 100],
      d: leaf,
      fills: [
        {
          type: 'linear-gradient',
          angle: 90,
          stops: [
            { offset: 0, color: stemColor },
            { offset: 1, color: mix(pal[1], '#ffffff', 0.25 + r() * 0.2) },
          ],
        },
      ],
    });
  }
  const flowers = 3 + Math.floor(r() * 3);
  const accents = pal.slice(2);
  for (let i = 0; i < flowers; i++) {
    const a = ((-150 + (120 * i) / Math.max(1, flowers - 1)) * Math.PI) / 180;
    const dist = m * (0.12 + r() * 0.16);
    const fx = cx + Math.cos(a) * dist;
    const fy = cy - m * 0.08 + Math.sin(a) * dist;
    const fr = m * (0.07 + r() * 0.05);
    const color = accents[i % accents.length];
    const petals = 5 + Math.floor(r() * 4);
    for (let p = 0; p < petals; p++) {
      const pa = (p / petals) * 360 + r() * 8;
      const pr = (pa * Math.PI) / 180;
      out.push({
        type: 'ellipse',
        id: `flower-${i}-petal-${p}`,
        x: round(fx + Math.cos(pr) * fr * 0.55 - fr * 0.55),
        y: round(fy + Math.sin(pr) * fr * 0.55 - fr * 0.3),
        width: round(fr * 1.1),
        height: round(fr * 0.6),
        rotation: round(pa),
        fills: [
          {
            type: 'linear-gradient',
            angle: pa,
            stops: [
              { offset: 0, color: mix(color, '#ffffff', 0.35) },
              { offset: 1, color },
            ],
          },
        ],
        shadows: [{ x: 0, y: round(fr * 0.05), blur: round(fr * 0.15), color: '#0000001f' }],
      });
    }
    out.push({
      type: 'ellipse',
      id: `flower-${i}-heart`,
      x: round(fx - fr * 0.22),
      y: round(fy - fr * 0.22),
      width: round(fr * 0.44),
      height: round(fr * 0.44),
      fills: [
        {
          type: 'radial-gradient',
          stops: [
            { offset: 0, color: '#fff3b0' },
            { offset: 1, color: mix(pal[pal.length - 1], '#f4a261', 0.5) },
          ],
        },
      ],
    });
  }
  return out;
}

function geometric(W: number, H: number, pal: string[], r: () => number): IrNode[] {
  const m = Math.min(W, H);
  const cols = W >= H ? Math.max(3, Math.round((4 * W) / H)) : 4;
  const rows = Math.max(3, Math.round((cols * H) / W));
  const cw = W / cols;
  const ch = H / rows;
  const bg = pal[0];
  const inks = pal.slice(1);
  const out: IrNode[] = [{ type: 'rect', id: 'ground', x: 0, y: 0, width: W, height: H, fills: [{ type: 'solid', color: bg }] }];
  const gap = m * 0.012;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const id = `tile-${x}-${y}`;
      const tx = x * cw + gap;
      const ty = y * ch + gap;
      const w = cw - 2 * gap;
      const h = ch - 2 * gap;
      const a = inks[Math.floor(r() * inks.length)];
      let b = inks[Math.floor(r() * inks.length)];
      if (b === a) b = bg;
      const kind = Math.floor(r() * 5);
      out.push({
        type: 'rect',
        id: `${id}-base`,
        x: round(tx),
        y: round(ty),
        width: round(w),
        height: round(h),
        cornerRadius: round(m * 0.01),
        fills: [{ type: 'solid', color: b }],
      });
      const rot = Math.floor(r() * 4) * 90;
      if (kind === 0)
        out.push({
          type: 'ellipse',
          id,
          x: round(tx + w * 0.1),
          y: round(ty + h * 0.1),
          width: round(w * 0.8),
          height: round(h * 0.8),
          fills: [{ type: 'solid', color: a }],
        });
      else if (kind === 1)
        out.push({
          type: 'path',
          id,
          x: round(tx),
          y: round(ty),
          width: round(w),
          height: round(h),
          rotation: rot,
          viewBox: [0, 0, 100, 100],
          d: 'M0 100 A100 100 0 0 1 100 0 L100 100 Z',
          fills: [{ type: 'solid', color: a }],
        });
      else if (kind === 2)
        out.push({
          type: 'path',
          id,
          x: round(tx),
          y: round(ty),
          width: round(w),
          height: round(h),
          rotation: rot,
          viewBox: [0, 0, 100, 100],
          d: 'M0 100 L50 0 L100 100 Z',
          fills: [{ type: 'solid', color: a }],
        });
      else if (kind === 3)
        out.push({
          type: 'path',
          id,
          x: round(tx),
          y: round(ty),
          width: round(w),
          height: round(h),
          rotation: rot,
          viewBox: [0, 0, 100, 100],
          d: 'M0 50 A50 50 0 0 1 100 50 Z',
          fills: [{ type: 'solid', color: a }],
        });
      else {
        for (let k = 0; k < 3; k++) {
          out.push({
            type: 'rect',
            id: `${id}-bar-${k}`,
            x: round(tx + w * 0.15),
            y: round(ty + h * (0.2 + k * 0.24)),
            width: round(w * 0.7),
            height: round(h * 0.12),
            cornerRadius: round(h * 0.06),
            fills: [{ type: 'solid', color: a }],
          });
        }
      }
    }
  }
  return out;
}
