import sharp from 'sharp';

/**
 * Sample inputs for the template checks and the contact sheet: three briefs (short, long, Portuguese
 * with accents), a brand of two colors, a photo-like image and a logo, all made here (no files).
 */
export const BRAND_COLORS = ['#1f3a93', '#ff6b35'];

export const FORMATS: { name: string; width: number; height: number }[] = [
  { name: 'story-9x16', width: 1080, height: 1920 },
  { name: 'portrait-4x5', width: 1080, height: 1350 },
  { name: 'square', width: 1080, height: 1080 },
  { name: 'landscape-1.91', width: 1200, height: 628 },
  { name: 'landscape-16x9', width: 1920, height: 1080 },
  { name: 'banner-300x250', width: 300, height: 250 },
  { name: 'banner-728x90', width: 728, height: 90 },
  { name: 'banner-160x600', width: 160, height: 600 },
  { name: 'banner-970x250', width: 970, height: 250 },
];

const common = {
  data: [
    { label: 'Planning', value: 73 },
    { label: 'Focus time', value: 58 },
    { label: 'Meetings', value: 21 },
  ],
  slide_index: 2,
  slide_total: 5,
  seed: 7,
};

export const BRIEFS = {
  short: {
    title: 'Plan less. Do more.',
    eyebrow: 'New',
    subtitle: 'Your week, sorted.',
    body: 'Smart boards for busy teams.',
    cta: 'Try free',
    author: 'Ana Lima',
    role: 'COO, Orbit',
    insight: '3x',
    source: 'Orbit 2025',
    items: ['Boards', 'Reminders', 'Reports'],
    brand: { name: 'Orbit', website: 'orbit.app', colors: BRAND_COLORS },
    ...common,
  },
  long: {
    title: 'The planning app that finally keeps your whole team on the same page, every single week of the year',
    eyebrow: 'Launch week · March 12 to March 19 · Online and in Lisbon',
    subtitle: 'Plan, prioritise and finish work with an assistant that knows your calendar, your projects and your habits.',
    body: 'More than ten thousand teams already use Orbit to deliver on time without extra meetings, with fewer handoffs and clearer ownership of every task on the board.',
    cta: 'Start your free trial today',
    author: 'Ana Beatriz Lima de Albuquerque',
    role: 'Chief Operating Officer, Orbit Planning Company',
    insight: '73%',
    source: 'Orbit State of Planning survey 2025, 2,400 respondents',
    items: [
      'Smart boards that sort themselves',
      'Reminders at the right time',
      'Weekly reports for managers',
      'Integrations with your calendar',
      'Offline mode',
    ],
    brand: { name: 'Orbit', website: 'orbit.app', colors: BRAND_COLORS },
    ...common,
  },
  pt: {
    title: 'Ação rápida: o app que organiza sua semana',
    eyebrow: 'Lançamento · 12 de março',
    subtitle: 'Planeje, priorize e conclua tarefas com ajuda de IA.',
    body: 'Mais de 10 mil equipes já usam o Órbita para entregar no prazo, sem reuniões extras.',
    cta: 'Baixe grátis',
    author: 'Marina Souza',
    role: 'Diretora de Produto',
    insight: '73%',
    source: 'Pesquisa Órbita 2025',
    items: ['Quadros inteligentes', 'Lembretes', 'Relatórios semanais', 'Integrações'],
    language: 'pt-BR',
    brand: { name: 'Órbita', website: 'orbita.com.br', colors: BRAND_COLORS },
    ...common,
  },
};

/** A photo-like landscape (sky, sun, hills, a figure) as JPEG: busy, light and dark areas, so scrims matter. */
export async function samplePhoto(width = 1200, height = 800): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 800">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ec5ff"/><stop offset="0.6" stop-color="#ffe6b3"/><stop offset="1" stop-color="#ffb27a"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  <circle cx="860" cy="300" r="110" fill="#fff6d5"/>
  <path d="M0 520 Q 200 380 420 500 T 820 470 T 1200 430 V 800 H 0 Z" fill="#3f6e4a"/>
  <path d="M0 620 Q 300 520 600 610 T 1200 580 V 800 H 0 Z" fill="#24452f"/>
  <rect x="580" y="470" width="40" height="150" rx="18" fill="#111"/><circle cx="600" cy="450" r="26" fill="#111"/>
  <rect x="0" y="700" width="1200" height="100" fill="#14261a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A second photo (for grids): warm interior tones. */
export async function samplePhoto2(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#c9a27e"/><rect x="80" y="420" width="640" height="300" fill="#6b4226"/><circle cx="400" cy="300" r="160" fill="#f3e9dc"/><rect x="360" y="120" width="80" height="200" fill="#2d1b12"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A wordmark logo with a transparent background. */
export async function sampleLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect x="4" y="4" width="92" height="92" rx="46" fill="#ff6b35"/><circle cx="50" cy="50" r="22" fill="#ffffff"/><text x="112" y="68" font-family="sans-serif" font-size="52" font-weight="700" fill="#1f3a93">orbit</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
