import { EN_FACTS } from './facts-en';
import { ES_FACTS } from './facts-es';
import { FR_FACTS } from './facts-fr';
import { PT_FACTS } from './facts-pt';
import { LANGUAGE_DATA, perLanguage } from './lang';
import type { Lang } from './language';
import { isStopWord, wordsOf } from './terms';
import { fold } from './text';

/*
 * Pronoun reference for the statement memory: "my daughter Ottilie loves dragons" … "and what's she into?". A sentence that
 * names a relation ("mãe", "daughter", "chien": lang/*.ts `referentWords` and the fact rules' relation words) carries the
 * term `ref:<key>`; a later sentence that only says "she", "ela", "dele", "elle" carries the term of the one last named
 * whose gender fits, so a question with a pronoun meets the statements about the same person even when neither repeats
 * the noun.
 */

export type Gender = 'f' | 'm';

/** Someone a sentence names: the term `ref:<key>` and, when the word tells it, the gender. */
export interface Referent {
  ref: string;
  gender?: Gender;
}

/** The gender of a relation key, when the key alone tells it (English words carry none of their own). */
const KEY_GENDER: Record<string, Gender> = Object.fromEntries([
  ...'sister mother daughter wife girlfriend fiancee grandmother aunt niece granddaughter mother-in-law'.split(' ').map((k) => [k, 'f'] as const),
  ...'brother father son husband boyfriend fiance grandfather uncle nephew grandson father-in-law'.split(' ').map((k) => [k, 'm'] as const),
]);

let WORDS: Map<string, Referent> | undefined;
/**
 * Every relation word of the four languages → its referent, as written (lower case) and folded: "avó" and "avô" fold
 * alike, so the word as written is looked up first.
 */
function referentWords(): Map<string, Referent> {
  if (!WORDS) {
    const exact = new Map<string, Referent>();
    const set = (w: string, r: Referent) => {
      exact.set(w.toLowerCase(), r);
      if (!exact.has(`~${fold(w)}`)) exact.set(`~${fold(w)}`, r);
    };
    WORDS = exact;
    for (const rules of [EN_FACTS, PT_FACTS, ES_FACTS, FR_FACTS]) {
      // Portuguese and Spanish words are gendered: the feminine ones are marked, the others masculine.
      const gendered = rules === PT_FACTS || rules === ES_FACTS;
      for (const [w, r] of Object.entries(rules.relations ?? {}))
        set(w, { ref: `ref:${r.key}`, gender: r.fem ? 'f' : (KEY_GENDER[r.key] ?? (gendered ? 'm' : undefined)) });
    }
    for (const d of Object.values(LANGUAGE_DATA))
      for (const [w, v] of Object.entries(d.referentWords)) {
        const [key, g] = v.split('/');
        set(w, { ref: `ref:${key}`, gender: (g as Gender | undefined) ?? KEY_GENDER[key] });
      }
  }
  return WORDS;
}

/** The third-person pronouns of a language (lang/*.ts `thirdPerson`, "she/f") with the gender each points to. */
const pronouns = perLanguage(
  (lang) =>
    new Map(
      LANGUAGE_DATA[lang].thirdPerson.map((entry) => {
        const [w, g] = entry.toLowerCase().split('/');
        return [w, g as Gender | undefined] as const;
      }),
    ),
);

/** The relations a text names ("my daughter", "a minha gata", "mon chien"). */
export function referentsOf(text: string): Referent[] {
  const words = referentWords();
  const out = new Map<string, Referent>();
  for (const w of wordsOf(text)) {
    const r = words.get(w.word) ?? words.get(`~${fold(w.word)}`);
    if (r && !out.has(r.ref)) out.set(r.ref, r);
  }
  return [...out.values()];
}

/** How many words after a relation word its name may come ("mi hijo Daniel", "o noivo é o Caio", "ma sœur, Léa"). */
const NAME_REACH = 3;

/**
 * The names a text gives to the relations it names, folded → the referent: "mi hijo Daniel" → daniel is the son, so that
 * a later "Daniel es celíaco" is about the son too. A capitalized word just before the relation word names it as well
 * ("Daniel, my son"), not one further back ("meu nome é Lívia, o noivo é o Caio": Lívia is no fiancée).
 */
export function namedRelations(text: string): Map<string, Referent> {
  const words = wordsOf(text);
  const relations = referentWords();
  const out = new Map<string, Referent>();
  const named = (k: number) =>
    k > 0 && k < words.length && /^\p{Lu}/u.test(words[k].raw) && !relations.has(words[k].word) && !relations.has(`~${fold(words[k].word)}`);
  words.forEach((w, i) => {
    const r = relations.get(w.word) ?? relations.get(`~${fold(w.word)}`);
    if (!r) return;
    for (let k = i + 1; k <= i + NAME_REACH && k < words.length; k++) {
      if (relations.has(words[k].word)) break;
      if (named(k)) {
        out.set(fold(words[k].word), r);
        return;
      }
    }
    if (named(i - 1)) out.set(fold(words[i - 1].word), r);
  });
  return out;
}

/** lang/*.ts `namings`, folded. */
const namingWords = perLanguage((lang) => new Set(LANGUAGE_DATA[lang].namings.map(fold)));

/**
 * Does the text name someone in lower case: a word after a naming word ("a woman called priya shah", "se llama rocío") or
 * just after a relation word ("my sister ellie's driving me", "meu vizinho caio"), that is no stop word nor relation word?
 * The word after a relation word may be a verb ("your mum keeps…"): `byRelation: false` reads naming words only.
 */
export function namesSomeone(text: string, lang: Lang, byRelation = true): boolean {
  const words = wordsOf(text);
  const relations = referentWords();
  const naming = namingWords(lang);
  const isRelation = (w: string) => relations.has(w) || relations.has(`~${fold(w)}`);
  return words.some((w, i) => {
    const next = words[i + 1];
    if (!next || !/^\p{L}{3,}(?:['’]s)?$/u.test(next.word) || isStopWord(next.word.replace(/['’]s$/u, ''), lang) || isRelation(next.word)) return false;
    return naming.has(fold(w.word)) || (byRelation && isRelation(w.word));
  });
}

/**
 * The pronoun a text points back with ("she", "ela", "dele", "él", "elle"; compared as written, lower case): undefined
 * when none, else its gender ('any' when the word does not tell it).
 */
export function pointsBack(text: string, lang: Lang): Gender | 'any' | undefined {
  const p = pronouns(lang);
  for (const w of wordsOf(text)) if (p.has(w.word)) return p.get(w.word) ?? 'any';
  return undefined;
}

/** Does a referent fit a pronoun's gender? */
export function fits(r: Referent, gender: Gender | 'any'): boolean {
  return gender === 'any' || !r.gender || r.gender === gender;
}
