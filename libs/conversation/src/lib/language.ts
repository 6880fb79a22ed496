import type { Soul } from './types';

/** The two languages with full built-in support. */
export type Lang = 'pt' | 'en';

/** Maps any BCP 47 tag to a supported language family ('pt-BR', 'pt', 'pt_PT' → 'pt'; everything else → 'en'). */
export function languageFamily(tag: string | undefined): Lang | undefined {
  if (!tag) return undefined;
  const t = tag.trim().toLowerCase();
  if (!t) return undefined;
  if (t === 'pt' || t.startsWith('pt-') || t.startsWith('pt_') || t === 'portuguese' || t === 'português') return 'pt';
  return 'en';
}

/** The language a reply should be written in: explicit request language, else the soul's. */
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
