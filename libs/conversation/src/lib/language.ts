import { DETECTED_TAGS, detectLanguage, type DetectedLanguage } from './detect-language';
import type { ChatTurn, Soul } from './types';

/** The languages with full built-in support. */
export type Lang = 'pt' | 'en' | 'es' | 'fr' | 'de';

/** Texts per language; French and German may be missing in rarely used lines (English is used then). */
export type LangTexts<T> = { pt: T; en: T; es: T; fr?: T; de?: T };

/** Maps any BCP 47 tag to a supported language family ('pt-BR', 'pt', 'pt_PT' → 'pt'; 'es-MX' → 'es'; 'fr-CA' → 'fr'; everything else → 'en'). */
export function languageFamily(tag: string | undefined): Lang | undefined {
  if (!tag) return undefined;
  const t = tag.trim().toLowerCase();
  if (!t) return undefined;
  if (t === 'pt' || t.startsWith('pt-') || t.startsWith('pt_') || t === 'portuguese' || t === 'português') return 'pt';
  if (t === 'es' || t.startsWith('es-') || t.startsWith('es_') || t === 'spanish' || t === 'español') return 'es';
  if (t === 'fr' || t.startsWith('fr-') || t.startsWith('fr_') || t === 'french' || t === 'français') return 'fr';
  if (t === 'de' || t.startsWith('de-') || t.startsWith('de_') || t === 'german' || t === 'deutsch') return 'de';
  return 'en';
}

/** Picks the text for a language: `tr('es', {pt, en, es, fr})` (French falls back to English where a line has none). */
export function tr<T>(lang: Lang, texts: LangTexts<T>): T {
  if (lang === 'fr' || lang === 'de') return texts[lang] ?? texts.en;
  return texts[lang];
}

/** How many earlier user messages are read when the current one does not show its language. */
const EARLIER_MESSAGES = 6;

export interface LanguageChoice {
  /** The BCP 47 tag to reply in. */
  tag: string;
  /** Why: the message's own language, the user's earlier messages, the configured default, or a fixed setting. */
  source: 'message' | 'conversation' | 'default' | 'fixed';
}

/**
 * The language a reply is written in.
 * - `replyLanguage` a tag (not `auto`): that tag.
 * - `auto`: the language of the message when the detector is confident; else the latest earlier user
 *   message whose language is clear (a bare "ok" or "88412" keeps the conversation's language); else the default.
 * - absent: the default, no detection.
 * The default is `language ?? soul.language`.
 */
export function chooseReplyLanguage(req: { soul: Soul; language?: string; replyLanguage?: string; message: string; history?: ChatTurn[] }): LanguageChoice {
  const fallback = req.language?.trim() || req.soul.language || 'en';
  const mode = req.replyLanguage?.trim();
  if (mode && mode.toLowerCase() !== 'auto') return { tag: mode, source: 'fixed' };
  if (!mode) return { tag: fallback, source: 'default' };
  const guess = detectLanguage(req.message ?? '');
  const own = guess.language;
  const earlier = (req.history ?? [])
    .filter((t) => t.role === 'user')
    .slice(-EARLIER_MESSAGES)
    .reverse();
  const clear = earlier.map((turn) => detectLanguage(turn.content).language).filter((l): l is DetectedLanguage => Boolean(l));
  const before = clear[0];
  // The conversation's language: the one most of the person's recent messages read as (the latest on a tie), so that one
  // misread message does not carry the next one off.
  const usual = [...clear].sort((a, b) => clear.filter((l) => l === b).length - clear.filter((l) => l === a).length)[0];
  // A message that reads a little more like another language than the conversation's ("Corrijo: que sean diez, no ocho"
  // scores Portuguese first in a Spanish conversation) keeps the conversation's language: people rarely switch mid-way,
  // and when they do, their message says so clearly.
  if (own && usual && usual !== own && guess.confidence < STICKY_CONFIDENCE && guess.scores[own] - guess.scores[usual] <= STICKY_MARGIN)
    return { tag: tagFor(usual, fallback), source: 'conversation' };
  // A short message that also reads as the conversation's language keeps it, however sure the detector is: a few words
  // shared by two languages ("was steht am 28. an?": "was", "am", "an" are English too) say little.
  if (own && usual && usual !== own && wordCount(req.message ?? '') <= SHORT_WORDS && guess.scores[usual] > 0)
    return { tag: tagFor(usual, fallback), source: 'conversation' };
  if (own) return { tag: tagFor(own, fallback), source: 'message' };
  if (before) return { tag: tagFor(before, fallback), source: 'conversation' };
  return { tag: fallback, source: 'default' };
}

/** Up to this many words a message is short (chooseReplyLanguage). */
const SHORT_WORDS = 5;
const wordCount = (text: string) => text.split(/\s+/u).filter((w) => /\p{L}/u.test(w)).length;

/** Above this confidence a message's own language wins over the conversation's. */
const STICKY_CONFIDENCE = 0.9;
/** How far (in detector score) the conversation's language may trail the message's and still be kept. */
const STICKY_MARGIN = 2;

/** The tag for a detected language: the default's own tag when it is the same language ("pt-PT" stays "pt-PT"). */
function tagFor(lang: DetectedLanguage, fallback: string): string {
  return languageFamily(fallback) === lang ? fallback : DETECTED_TAGS[lang];
}

/** The language family a reply should be written in: explicit request language, else the soul's. */
export function replyLanguage(soul: Soul, language?: string): Lang {
  return languageFamily(language) ?? languageFamily(soul.language) ?? 'en';
}

/** Human-readable name of a language tag, for prompts. */
export function languageName(tag: string): string {
  const t = tag.toLowerCase();
  if (t === 'pt-br') return 'Brazilian Portuguese (pt-BR)';
  if (t.startsWith('pt')) return `Portuguese (${tag})`;
  if (t.startsWith('en')) return `English (${tag})`;
  if (t.startsWith('es')) return `Spanish (${tag})`;
  if (t.startsWith('fr')) return `French (${tag})`;
  if (t.startsWith('de')) return `German (${tag})`;
  if (t.startsWith('it')) return `Italian (${tag})`;
  return tag;
}
