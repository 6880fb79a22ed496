/*
 * What the deterministic fact extraction (facts.ts) needs to know about one language: words and
 * regular-expression rules, kept as data in facts-en.ts, facts-pt.ts, facts-es.ts and facts-fr.ts.
 * facts.ts keeps the logic that reads them, language by language in a fixed order (pt, en, es, fr).
 */

/** A capitalized word (names, places). */
export const CAP = "\\p{Lu}[\\p{L}'’-]*";
/** One or two capitalized words: a name. */
export const NAME = `(${CAP}(?:\\s+${CAP})?)`;
/** Up to four capitalized words, joined by "de", "do", "of"…: a place. */
export const PLACE = `(${CAP}(?:\\s+(?:(?:de|do|da|dos|das|of)\\s+)?${CAP}){0,3})`;
/** Any word. */
export const WORD = "[\\p{L}'’-]+";

export interface RelationWord {
  /** The canonical English key ("sister"). */
  key: string;
  fem?: boolean;
}

export interface FactRules {
  /** Words that look like names after "I'm"/"sou" but are not. */
  notNames: string[];
  /** Words that end a lower-case name ("meu nome é ana preciso de ajuda"). */
  notNameTail?: string[];
  /** Words that open no taste ("I like it"). */
  pronouns?: string[];
  /** Words that open no place ("moro em uma casa"). */
  notPlaces?: string[];
  /** Relation words → canonical key. */
  relations?: Record<string, RelationWord>;
  /** Display word of a canonical relation key, [masculine, feminine]. */
  relationNames?: Record<string, [string, string]>;
  /** Jobs a person says they are ("sou professora", "I'm a teacher"). */
  jobs?: string[];
  /** Verbs too weak to be a plan ("vou esperar", "I'm going to check"). */
  weakPlans?: string[];
  /**
   * Rules for the person's name; `cap`: the name must be capitalized. `lower`: a self-introduction typed in lower case
   * ("hey, im dana.", "sou a camila,", "buenas! soy iker,", "moi c julien,"), read as a name only when each word of it could
   * be one (facts.ts `couldBeName`: no word of the language, its jobs or relations, nor an adjective's ending).
   */
  nameRules: Array<{ re: RegExp; cap: boolean; lower?: boolean }>;
  /** Endings of adjectives and participles, which no name typed in lower case after "sou"/"soy"/"je suis" has ("cansada", "fatigué"). */
  adjectiveEndings?: RegExp;
  /** Rules that open a list of tastes ("I love", "não gosto de"); matched globally. */
  preferenceRules?: Array<{ re: RegExp; like: boolean }>;
  /** "my favourite colour is …": group 1 the thing, group 2 the word for favourite (optional). */
  favourite?: RegExp;
  /** Relation rules, given the alternation of every relation word; group 1 the relation, group 2 the name. */
  relationRules?: (relWords: string) => RegExp[];
  /** Rules that open a place the person lives in or comes from; `lower`: an all-lower-case message may give it. */
  locationRules?: Array<{ re: RegExp; kind: 'lives_in' | 'from'; lower: boolean }>;
  /** "sou professora", "I'm a nurse": group 1 the words that may hold a job. */
  jobIdentity?: RegExp;
}
