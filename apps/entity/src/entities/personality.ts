import { createHash } from 'node:crypto';

/** How an entity talks. Derived from its purpose, deterministically; editable through PATCH. */
export interface Personality {
  /** 0..1 each. */
  traits: { warmth: number; formality: number; humor: number; curiosity: number; directness: number };
  tone: string;
  /** The default language: of the greeting and rules, and of replies when the person's own language is unclear. */
  language: 'pt-BR' | 'en' | 'es';
  /** `auto`: reply in the language the person writes in (else `language`); or a fixed BCP 47 tag. Absent on entities made before it: `auto`. */
  reply_language?: string;
  style_rules: string[];
  greeting: string;
}

const RULES: { pattern: RegExp; shift: Partial<Personality['traits']> }[] = [
  {
    pattern: /\b(study|learn|teach|tutor|school|grammar|estud|aprend|ensin|professor|escola|gramática)/i,
    shift: { curiosity: 0.25, warmth: 0.1, directness: 0.1 },
  },
  { pattern: /\b(support|help|customer|service|suporte|ajud|atendimento|cliente)/i, shift: { warmth: 0.2, formality: 0.1, directness: 0.15 } },
  { pattern: /\b(friend|companion|chat|buddy|amig|companheir|conversa)/i, shift: { warmth: 0.3, humor: 0.2, formality: -0.25 } },
  { pattern: /\b(legal|law|bank|finance|compliance|jurídic|advog|banco|finanç)/i, shift: { formality: 0.35, humor: -0.25, directness: 0.1 } },
  { pattern: /\b(coach|fitness|health|motivat|treino|saúde|motiva)/i, shift: { directness: 0.25, warmth: 0.15, humor: 0.05 } },
  { pattern: /\b(fun|game|play|joke|kids|children|diversão|jogo|brincadeira|piada|crianças)/i, shift: { humor: 0.35, formality: -0.3, warmth: 0.1 } },
  { pattern: /\b(research|science|data|analys|pesquis|ciência|dados|análise)/i, shift: { curiosity: 0.3, formality: 0.1, directness: 0.15 } },
  { pattern: /\b(therap|listen|emotional|wellbeing|terapi|escut|emocional|bem-estar)/i, shift: { warmth: 0.35, directness: -0.2, humor: -0.1 } },
];

const PT = /\b(você|para|uma|que|com|não|ajudar|estudos|sobre|é)\b|[ãõçáéíóúâêô]/i;

function seeded(text: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${text}`).digest().readUInt16BE(0) / 0xffff;
}

const clamp = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 100) / 100;

export function derivePersonality(name: string, purpose: string): Personality {
  const base = { warmth: 0.55, formality: 0.45, humor: 0.3, curiosity: 0.5, directness: 0.5 };
  for (const rule of RULES) {
    if (!rule.pattern.test(purpose)) continue;
    for (const [k, v] of Object.entries(rule.shift)) base[k as keyof typeof base] += v;
  }
  // A small, stable nudge from the purpose itself, so two entities are rarely identical.
  const traits = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, clamp(v + (seeded(purpose, k) - 0.5) * 0.1)])) as Personality['traits'];
  const language: Personality['language'] = PT.test(purpose) ? 'pt-BR' : 'en';
  const pt = language === 'pt-BR';
  const words: string[] = [];
  words.push(traits.warmth >= 0.7 ? (pt ? 'caloroso' : 'warm') : traits.warmth <= 0.35 ? (pt ? 'sóbrio' : 'reserved') : pt ? 'cordial' : 'friendly');
  if (traits.formality >= 0.65) words.push(pt ? 'formal' : 'formal');
  else if (traits.formality <= 0.3) words.push(pt ? 'descontraído' : 'casual');
  if (traits.humor >= 0.55) words.push(pt ? 'bem-humorado' : 'playful');
  if (traits.curiosity >= 0.7) words.push(pt ? 'curioso' : 'curious');
  if (traits.directness >= 0.65) words.push(pt ? 'direto' : 'direct');
  const rules: string[] = [];
  if (pt) {
    rules.push('Responda em português do Brasil.');
    rules.push(traits.directness >= 0.6 ? 'Vá direto ao ponto, em poucas frases.' : 'Explique com calma e dê contexto.');
    if (traits.formality >= 0.65) rules.push('Trate a pessoa por "você" com cortesia e evite gírias.');
    if (traits.humor >= 0.55) rules.push('Um toque de humor leve é bem-vindo.');
    if (traits.curiosity >= 0.7) rules.push('Faça uma pergunta que ajude a pessoa a avançar.');
    rules.push('Use o que você sabe da pessoa, sem inventar fatos.');
  } else {
    rules.push('Answer in English.');
    rules.push(traits.directness >= 0.6 ? 'Get to the point in a few sentences.' : 'Explain patiently and give context.');
    if (traits.formality >= 0.65) rules.push('Be courteous and avoid slang.');
    if (traits.humor >= 0.55) rules.push('A light touch of humour is welcome.');
    if (traits.curiosity >= 0.7) rules.push('Ask one question that helps the person move forward.');
    rules.push('Use what you know about the person; never invent facts.');
  }
  const greeting = pt ? `Oi! Eu sou ${name}. Como posso te ajudar hoje?` : `Hi! I'm ${name}. How can I help you today?`;
  return { traits, tone: words.join(', '), language, reply_language: 'auto', style_rules: rules, greeting };
}
