import type { Brief } from '@platform/creative-ir';
import { words } from './image-generator';

/**
 * The built-in copywriter: a goal ("Lançar o cold brew de verão com 20% de desconto") to the text fields of a brief in
 * the requested language (pt-BR and English; other tags get English). It recognises the intent (launch, sale, event,
 * hiring, announcement, awareness), lifts numbers and percentages into `insight`, and writes the title from the goal's
 * own words. Deterministic: the same goal, language and tone give the same brief.
 */

export type Lang = 'pt-BR' | 'en';
export const INTENTS = ['launch', 'sale', 'event', 'hiring', 'announcement', 'awareness'] as const;
export type Intent = (typeof INTENTS)[number];

export function langOf(language: string | null | undefined): Lang {
  return /^pt/i.test(language ?? 'pt-BR') ? 'pt-BR' : 'en';
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
  ],
  announcement: ['announce', 'announcing', 'news', 'update', 'anunciar', 'anuncio', 'comunicado', 'noticia', 'atualizacao', 'aviso'],
};

export function intentOf(goal: string): Intent {
  const ws = new Set(words(goal));
  let best: Intent = 'awareness';
  let score = 0;
  for (const intent of ['sale', 'launch', 'event', 'hiring', 'announcement'] as const) {
    const n = INTENT_WORDS[intent].filter((w) => ws.has(w)).length;
    if (n > score) {
      best = intent;
      score = n;
    }
  }
  return best;
}

const COPY: Record<Lang, Record<Intent, { eyebrow: string; cta: string; subtitle: string; body: (topic: string) => string }>> = {
  'pt-BR': {
    launch: {
      eyebrow: 'Novidade',
      cta: 'Conheça agora',
      subtitle: 'Chegou o que você estava esperando.',
      body: (t) => `Descubra ${t} e veja o que muda a partir de hoje.`,
    },
    sale: {
      eyebrow: 'Oferta especial',
      cta: 'Aproveite',
      subtitle: 'Por tempo limitado.',
      body: (t) => `${cap(t)} com condições que não se repetem. Garanta o seu.`,
    },
    event: { eyebrow: 'Evento', cta: 'Inscreva-se', subtitle: 'Reserve a data.', body: (t) => `Participe: ${t}. Vagas limitadas.` },
    hiring: {
      eyebrow: 'Estamos contratando',
      cta: 'Candidate-se',
      subtitle: 'Venha crescer com a gente.',
      body: (t) => `Procuramos pessoas para ${t}. Conheça as vagas.`,
    },
    announcement: { eyebrow: 'Comunicado', cta: 'Saiba mais', subtitle: 'Uma novidade importante.', body: (t) => `Temos uma novidade: ${t}.` },
    awareness: { eyebrow: 'Destaque', cta: 'Saiba mais', subtitle: 'Feito para você.', body: (t) => `Conheça ${t} e descubra por que vale a pena.` },
  },
  en: {
    launch: {
      eyebrow: 'New',
      cta: 'Discover now',
      subtitle: "What you've been waiting for is here.",
      body: (t) => `Meet ${t} and see what changes from today.`,
    },
    sale: { eyebrow: 'Special offer', cta: 'Shop now', subtitle: 'For a limited time.', body: (t) => `${cap(t)} at prices that won't come back. Get yours.` },
    event: { eyebrow: 'Event', cta: 'Register now', subtitle: 'Save the date.', body: (t) => `Join us: ${t}. Limited seats.` },
    hiring: { eyebrow: "We're hiring", cta: 'Apply now', subtitle: 'Come grow with us.', body: (t) => `We are looking for people for ${t}. See the openings.` },
    announcement: { eyebrow: 'Announcement', cta: 'Learn more', subtitle: 'Something important to share.', body: (t) => `We have news: ${t}.` },
    awareness: { eyebrow: 'Featured', cta: 'Learn more', subtitle: 'Made for you.', body: (t) => `Meet ${t} and find out why it's worth it.` },
  },
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

export interface WrittenBrief extends Brief {
  intent: Intent;
  tone: string;
  language: Lang;
}

/** The text of a brief from a goal. `subject` (e.g. what an image shows) is used when the goal is empty. */
export function writeBrief(input: { goal: string | null | undefined; language?: string | null; tone?: string | null; subject?: string | null }): WrittenBrief {
  const language = langOf(input.language);
  const goal = (input.goal ?? '').trim();
  const intent = goal ? intentOf(goal) : 'awareness';
  const copy = COPY[language][intent];
  const topic = goal ? topicOf(goal) : (input.subject ?? (language === 'pt-BR' ? 'nossa nova coleção' : 'our new collection'));
  const insight = goal ? insightOf(goal) : null;
  const tone = (input.tone ?? '').trim() || TONE_OF_INTENT[intent];
  const lowerTopic = topic.length > 1 && topic[1] === topic[1].toLocaleLowerCase() ? topic[0].toLocaleLowerCase() + topic.slice(1) : topic;
  return {
    intent,
    language,
    tone,
    eyebrow: copy.eyebrow,
    title: titleOf(topic),
    subtitle: insight
      ? language === 'pt-BR'
        ? `${insight} ${intent === 'sale' ? 'de desconto' : 'a mais'}. ${copy.subtitle}`
        : `${insight} ${intent === 'sale' ? 'off' : 'more'}. ${copy.subtitle}`
      : copy.subtitle,
    body: copy.body(lowerTopic),
    cta: copy.cta,
    insight,
  };
}
