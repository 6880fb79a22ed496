import type { Brief } from '@platform/creative-ir';
import { words } from './image-generator';

/**
 * The built-in copywriter: a goal ("Lançar o cold brew de verão com 20% de desconto") to the text fields of a brief in
 * the requested language (pt-BR, Spanish and English; other tags get English). It recognises what the goal is about
 * (event, hiring, app, sale, launch, announcement, awareness: the subject wins over its details, so a webinar with a
 * discount is an event), lifts numbers and percentages into `insight`, and writes the title and body from the goal's
 * subject, without its instructions (the media asked for, "with a reel", the offer and the date go where they belong,
 * not into the copy). Deterministic: the same goal, language and tone give the same brief.
 */

export type Lang = 'pt-BR' | 'es' | 'en';
export const INTENTS = ['launch', 'sale', 'event', 'hiring', 'app', 'announcement', 'awareness'] as const;
export type Intent = (typeof INTENTS)[number];

export function langOf(language: string | null | undefined): Lang {
  const tag = language ?? 'pt-BR';
  return /^pt/i.test(tag) ? 'pt-BR' : /^es/i.test(tag) ? 'es' : 'en';
}

const INTENT_WORDS: Record<Exclude<Intent, 'awareness'>, string[]> = {
  sale: [
    'sale',
    'discount',
    'off',
    'deal',
    'deals',
    'promo',
    'promotion',
    'offer',
    'coupon',
    'black',
    'desconto',
    'descontos',
    'promocao',
    'oferta',
    'ofertas',
    'liquidacao',
    'cupom',
    'saldao',
    'descuento',
    'descuentos',
    'rebajas',
    'promocion',
    'liquidacion',
    'friday',
  ],
  launch: [
    'launch',
    'launching',
    'new',
    'introduce',
    'introducing',
    'release',
    'debut',
    'lancar',
    'lancamento',
    'novo',
    'nova',
    'novidade',
    'apresentar',
    'estreia',
    'chegou',
    'lanzar',
    'lanzamiento',
    'nuevo',
    'nueva',
    'presentamos',
  ],
  event: [
    'event',
    'webinar',
    'conference',
    'meetup',
    'workshop',
    'live',
    'festival',
    'summit',
    'evento',
    'conferencia',
    'palestra',
    'encontro',
    'oficina',
    'show',
    'inscricoes',
    'register',
    'webinario',
    'seminario',
    'taller',
    'congreso',
    'charla',
    'inscripciones',
    'masterclass',
    'class',
    'aula',
    'clase',
    'concert',
    'concerto',
    'concierto',
    'fair',
    'feira',
    'feria',
    'hackathon',
  ],
  hiring: [
    'hiring',
    'hire',
    'job',
    'jobs',
    'career',
    'careers',
    'vacancy',
    'recruit',
    'contratando',
    'contratar',
    'vaga',
    'vagas',
    'carreira',
    'carreiras',
    'talentos',
    'contratamos',
    'empleo',
    'vacante',
    'vacantes',
    'unete',
  ],
  app: [
    'app',
    'apps',
    'aplicativo',
    'aplicacion',
    'download',
    'baixe',
    'baixar',
    'descarga',
    'descargar',
    'descargue',
    'ios',
    'android',
    'playstore',
    'appstore',
  ],
  announcement: [
    'announce',
    'announcing',
    'news',
    'update',
    'anunciar',
    'anuncio',
    'comunicado',
    'noticia',
    'atualizacao',
    'aviso',
    'novedad',
    'actualizacion',
  ],
};

/**
 * What the goal is about. The kinds are tried in order of how much they decide the copy: an event, a job or an app is
 * the subject even when the goal also offers a discount ("Spring webinar, 30% off" is an event, "Register", not
 * "Shop now"); a sale comes before a launch ("new collection, 20% off" sells).
 */
export function intentOf(goal: string): Intent {
  const ws = new Set(words(goal));
  for (const intent of ['event', 'hiring', 'app', 'sale', 'launch', 'announcement'] as const) if (INTENT_WORDS[intent].some((w) => ws.has(w))) return intent;
  return 'awareness';
}

interface Copy {
  eyebrow: string;
  cta: string;
  subtitle: string;
  /** The body's closing line, after the subject (and its date and offer). */
  close: string;
}

const COPY: Record<Lang, Record<Intent, Copy>> = {
  'pt-BR': {
    launch: { eyebrow: 'Novidade', cta: 'Conheça agora', subtitle: 'Chegou o que você estava esperando.', close: 'Descubra o que muda a partir de hoje.' },
    sale: { eyebrow: 'Oferta especial', cta: 'Aproveite', subtitle: 'Por tempo limitado.', close: 'Condições que não se repetem: garanta o seu.' },
    event: { eyebrow: 'Evento', cta: 'Inscreva-se', subtitle: 'Reserve a data.', close: 'As vagas são limitadas: garanta a sua.' },
    hiring: { eyebrow: 'Estamos contratando', cta: 'Candidate-se', subtitle: 'Venha crescer com a gente.', close: 'Conheça as vagas e venha com a gente.' },
    app: { eyebrow: 'Novo app', cta: 'Baixe agora', subtitle: 'Na palma da sua mão.', close: 'Grátis para iOS e Android.' },
    announcement: { eyebrow: 'Comunicado', cta: 'Saiba mais', subtitle: 'Uma novidade importante.', close: 'Confira todos os detalhes.' },
    awareness: { eyebrow: 'Destaque', cta: 'Saiba mais', subtitle: 'Feito para você.', close: 'Descubra por que vale a pena.' },
  },
  es: {
    launch: { eyebrow: 'Novedad', cta: 'Descúbrelo', subtitle: 'Llegó lo que estabas esperando.', close: 'Descubre lo que cambia desde hoy.' },
    sale: { eyebrow: 'Oferta especial', cta: 'Compra ahora', subtitle: 'Por tiempo limitado.', close: 'Condiciones que no se repiten: consigue el tuyo.' },
    event: { eyebrow: 'Evento', cta: 'Reserva tu lugar', subtitle: 'Agenda la fecha.', close: 'Las plazas son limitadas: reserva la tuya.' },
    hiring: { eyebrow: 'Estamos contratando', cta: 'Postúlate', subtitle: 'Crece con nosotros.', close: 'Conoce las vacantes y únete al equipo.' },
    app: { eyebrow: 'Nueva app', cta: 'Descárgala', subtitle: 'En la palma de tu mano.', close: 'Gratis para iOS y Android.' },
    announcement: { eyebrow: 'Anuncio', cta: 'Más información', subtitle: 'Una novedad importante.', close: 'Consulta todos los detalles.' },
    awareness: { eyebrow: 'Destacado', cta: 'Más información', subtitle: 'Hecho para ti.', close: 'Descubre por qué vale la pena.' },
  },
  en: {
    launch: { eyebrow: 'New', cta: 'Discover now', subtitle: "What you've been waiting for is here.", close: 'See what changes from today.' },
    sale: { eyebrow: 'Special offer', cta: 'Shop now', subtitle: 'For a limited time.', close: "Prices that won't come back: get yours." },
    event: { eyebrow: 'Event', cta: 'Register now', subtitle: 'Save the date.', close: 'Seats are limited: save yours today.' },
    hiring: { eyebrow: "We're hiring", cta: 'Apply now', subtitle: 'Come grow with us.', close: 'See the openings and join the team.' },
    app: { eyebrow: 'New app', cta: 'Download now', subtitle: 'Right in your pocket.', close: 'Free on iOS and Android.' },
    announcement: { eyebrow: 'Announcement', cta: 'Learn more', subtitle: 'Something important to share.', close: 'Read all the details.' },
    awareness: { eyebrow: 'Featured', cta: 'Learn more', subtitle: 'Made for you.', close: "Find out why it's worth it." },
  },
};

/** How an offer and a date read in each language. */
const PHRASES: Record<Lang, { off: (x: string) => string; more: (x: string) => string; on: (d: string) => string; onSentence: (d: string) => string }> = {
  'pt-BR': { off: (x) => `${x} de desconto`, more: (x) => `${x} a mais`, on: (d) => `em ${d}`, onSentence: (d) => `Dia ${d}.` },
  es: { off: (x) => `${x} de descuento`, more: (x) => `${x} más`, on: (d) => `el ${d}`, onSentence: (d) => `El ${d}.` },
  en: { off: (x) => `${x} off`, more: (x) => `${x} more`, on: (d) => `on ${d}`, onSentence: (d) => `On ${d}.` },
};

/** Tones the built-in engine knows, with the procedural tone and palette family that suit them. */
export const TONES: Record<string, { procedural: 'light' | 'dark' | 'vivid' | 'muted' }> = {
  bold: { procedural: 'vivid' },
  vibrant: { procedural: 'vivid' },
  playful: { procedural: 'vivid' },
  friendly: { procedural: 'light' },
  warm: { procedural: 'light' },
  minimal: { procedural: 'muted' },
  calm: { procedural: 'muted' },
  elegant: { procedural: 'dark' },
  professional: { procedural: 'muted' },
  urgent: { procedural: 'vivid' },
};

const TONE_OF_INTENT: Record<Intent, string> = {
  launch: 'bold',
  sale: 'urgent',
  event: 'vibrant',
  hiring: 'friendly',
  app: 'playful',
  announcement: 'professional',
  awareness: 'friendly',
};

/** Leading verbs and fillers a title does without ("Divulgar o lançamento do…" → "Lançamento do…"). */
const LEAD = new Set([
  'promote',
  'promoting',
  'launch',
  'announce',
  'advertise',
  'create',
  'make',
  'design',
  'a',
  'an',
  'the',
  'our',
  'my',
  'campaign',
  'for',
  'to',
  'post',
  'posts',
  'divulgar',
  'promover',
  'lancar',
  'anunciar',
  'criar',
  'fazer',
  'campanha',
  'para',
  'o',
  'a',
  'os',
  'as',
  'um',
  'uma',
  'nosso',
  'nossa',
  'de',
  'do',
  'da',
  'post',
  'posts',
  'sobre',
  'lanzar',
  'promocionar',
  'crear',
  'hacer',
  'campana',
  'nuestro',
  'nuestra',
  'el',
  'la',
  'los',
  'las',
  'un',
  'una',
  'del',
  'invite',
  'celebrate',
  'download',
  'get',
  'try',
  'baixe',
  'baixar',
  'descarga',
  'descargar',
  'descarguen',
  'convidar',
  'invitar',
  'celebrar',
]);

function cap(s: string): string {
  return s ? s[0].toLocaleUpperCase() + s.slice(1) : s;
}

/** The goal's topic: without leading verbs and fillers, without the trailing punctuation. */
export function topicOf(goal: string): string {
  const tokens = goal
    .trim()
    .replace(/[.!?;]+$/, '')
    .split(/\s+/);
  while (tokens.length > 1) {
    const w = words(tokens[0])[0] ?? '';
    if (!LEAD.has(w)) break;
    tokens.shift();
  }
  return tokens.join(' ');
}

/** A title of at most `max` words from the topic: up to a comma or a connecting clause when that makes it shorter. */
export function titleOf(topic: string, max = 7): string {
  let t = topic.split(/[,:;–—(]/)[0].trim();
  const ws = t.split(/\s+/);
  if (ws.length > max) {
    const cut = ws.findIndex((w, i) => i >= 3 && /^(with|for|and|com|para|e|that|que|at|em|no|na)$/i.test(w));
    t = (cut > 0 && cut <= max ? ws.slice(0, cut) : ws.slice(0, max)).join(' ');
  }
  return cap(t);
}

/** Numbers worth a big figure: a percentage, a price or a count in the goal. */
export function insightOf(goal: string): string | null {
  const m = goal.match(/\d+(?:[.,]\d+)?\s?%|(?:R\$|US\$|\$|€|£)\s?\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)?\s?(?:x|k|mil)\b/i);
  return m ? m[0].replace(/\s+/g, '') : null;
}

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|' +
  'janeiro|fevereiro|marco|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|' +
  'enero|febrero|marzo|mayo|junio|julio|septiembre|setiembre|octubre|noviembre|diciembre';
/** A date in the goal: "June 3", "3 June", "3 de junho", "3 de junio", "03/06". */
const DATE = new RegExp(
  `(?:\\b(?:on|em|no|na|dia|el|on the|the)\\s+)?(?:\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:de\\s+)?(?:${MONTHS})\\b|\\b\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?\\b)`,
  'iu',
);
/** The pieces a goal asks for (what to make, not what to say): "with a reel", "em vídeo", "con un carrusel", "for Instagram". */
const MEDIA =
  /(?:\b(?:with|in|as|via|plus|and|com|em|como|e|con|en|y|mais|más)\s+)?(?:\b(?:a|an|the|one|some|um|uma|o|os|un|una|el|los)\s+)?(?:\b(?:short|quick|animated|animado|animada|curto|curta|corto|corta|instagram|facebook|linkedin|tiktok|youtube|twitter)\s+)*\b(?:reels?|videos?|vídeos?|stories|posts?|carousels?|carrossel|carrusel|banners?|animations?|animação|animacao|animación|animacion|gifs?|tiktoks?|shorts|motion|flyers?|an[uú]ncios?)\b(?:\s+(?:for|on|para|no|na|en)\s+(?:instagram|facebook|linkedin|tiktok|youtube|twitter|x|social(?: media)?|redes(?: sociais| sociales)?))?/giu;
const PLATFORMS =
  /(?:\b(?:for|on|para|no|na|en|in)\s+)(?:the\s+|o\s+|el\s+)?\b(?:instagram|facebook|linkedin|tiktok|youtube|twitter|social media|redes sociais|redes sociales)\b/giu;
const ANIMATED = /\b(?:animated|animado|animada|animados|animadas)\b/giu;

/**
 * The goal's subject and its details, apart: the date, the offer (from its figure to the end of its clause), and
 * without the pieces it asks for or where they go. "Spring webinar on June 3 with a reel, 30% off for early sign-ups"
 * → subject "Spring webinar", date "June 3", offer "30%".
 */
export function readGoal(goal: string): { subject: string; date: string | null; insight: string | null } {
  let rest = ` ${goal.trim()} `;
  const insight = insightOf(rest);
  const dm = DATE.exec(rest);
  const date = dm ? dm[0].replace(/^(?:on the|on|em|no|na|dia|el|the)\s+/i, '').trim() : null;
  if (dm) rest = rest.replace(dm[0], ' ');
  if (insight) {
    // The figure with what leads into it ("with", "get", "up to", "até", "hasta") and the rest of its clause.
    const at = rest.search(/\d+(?:[.,]\d+)?\s?%|(?:R\$|US\$|\$|€|£)\s?\d|\d+(?:[.,]\d+)?\s?(?:x|k|mil)\b/i);
    if (at >= 0) {
      const before = rest.slice(0, at).replace(/(?:\b(?:with|get|save|and|at|up to|com|e|até|ate|ganhe|con|y|hasta|ahorra)\s*)+$/i, '');
      const clause = rest.slice(at).search(/[,;:.!?]/);
      rest = `${before} ${clause >= 0 ? rest.slice(at + clause) : ''}`;
    }
  }
  rest = rest.replace(MEDIA, ' ').replace(PLATFORMS, ' ').replace(ANIMATED, ' ');
  const subject = rest
    .replace(/\s+([,;:.!?])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:.!?])+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[,;:.!?\-–—\s]+|[,;:.!?\-–—\s]+$/g, '')
    .replace(/\s+(?:with|and|for|in|on|at|com|e|para|em|no|na|con|y|en|el|a|an|the|um|uma|un|una)$/i, '')
    .trim();
  return { subject: subject || goal.trim(), date, insight };
}

export interface WrittenBrief extends Brief {
  intent: Intent;
  tone: string;
  language: Lang;
}

/**
 * The text of a brief from a goal. `subject` (e.g. what an image shows) is used when the goal is empty. The copy is
 * written for the goal's subject in the brief's language: the title is the subject, the subtitle carries the offer
 * or the date, the body the subject with its date and offer and the kind's closing line, the CTA is the kind's.
 */
export function writeBrief(input: { goal: string | null | undefined; language?: string | null; tone?: string | null; subject?: string | null }): WrittenBrief {
  const language = langOf(input.language);
  const goal = (input.goal ?? '').trim();
  const intent = goal ? intentOf(goal) : 'awareness';
  const copy = COPY[language][intent];
  const say = PHRASES[language];
  const read = goal ? readGoal(goal) : null;
  const fallback = language === 'pt-BR' ? 'nossa nova coleção' : language === 'es' ? 'nuestra nueva colección' : 'our new collection';
  const topic = read ? topicOf(read.subject) : (input.subject ?? fallback);
  const insight = read?.insight ?? null;
  const date = read?.date ?? null;
  const tone = (input.tone ?? '').trim() || TONE_OF_INTENT[intent];
  const title = titleOf(topic);
  // A percentage or a price in a goal that offers something is a discount; any other figure is "more".
  const discount = insight && (intent === 'sale' || INTENT_WORDS.sale.some((w) => words(goal).includes(w)) || /%/.test(insight));
  const offer = insight ? (discount ? say.off(insight) : say.more(insight)) : null;
  const subtitle = offer ? `${cap(offer)}. ${copy.subtitle}` : date ? `${say.onSentence(date)} ${copy.subtitle}` : copy.subtitle;
  const lead = `${cap(topic)}${date ? ` ${say.on(date)}` : ''}`;
  const body = `${lead}${offer ? `: ${offer}` : ''}. ${copy.close}`;
  return { intent, language, tone, eyebrow: copy.eyebrow, title, subtitle, body, cta: copy.cta, insight };
}
