import type { Lang } from '../language';
import { DE } from './de';
import { EN } from './en';
import { ES } from './es';
import { FR } from './fr';
import { PT } from './pt';
import type { LanguageData } from './types';

export type { LanguageData } from './types';
export { questionStarts } from './types';

/** The statement memory's data per language (one module each). */
export const LANGUAGE_DATA: Record<Lang, LanguageData> = { en: EN, pt: PT, es: ES, fr: FR, de: DE };

/** A value made once per language from the data above, on its first use (word sets, stemmers, expressions). */
export function perLanguage<T>(build: (lang: Lang) => T): (lang: Lang) => T {
  const made = new Map<Lang, T>();
  return (lang) => {
    let value = made.get(lang);
    if (value === undefined) {
      value = build(lang);
      made.set(lang, value);
    }
    return value;
  };
}
