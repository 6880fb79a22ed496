import { detectLanguage } from './detect-language';
import { copyList, RecentAnswers } from './recent-answers';
import { answerValue, attributeValues, goalValue, slotValues, type SlotValue } from './fact-details';
import { detectIntents } from './intents';
import { languageFamily, type Lang } from './language';
import { EN_FACTS, ING_TO_BASE } from './facts-en';
import { ES_FACTS } from './facts-es';
import { DE_FACTS } from './facts-de';
import { FR_FACTS } from './facts-fr';
import { PT_FACTS } from './facts-pt';
import { CAP, PLACE, type FactRules, type RelationWord } from './facts-rules';
import { ALL_SLOTS, slotTitle } from './slots';
import { applyCorrections, findCorrections, isStatementFact, statementSlot, type Correction } from './statements';
import { CITIES } from './lang/cities';
import { isStopWord } from './terms';
import * as ENGLISH_LEXICON from 'wink-lexicon/src/lexicon.js';
import { capitalize, fold, joinList, sentences, squish, titleCase, trimEnd, wellFormed } from './text';
import type { Fact, FactKind, RelationshipStats } from './types';

/*
 * Deterministic memory extraction: regular-expression rules for Brazilian Portuguese, English,
 * Spanish, French and German (names) that pull facts about the person out of a single message (and, given the assistant's
 * previous message, out of a bare answer to it). Values are normalized (names and places in Title
 * Case, codes as written, everything else lower case) so the same fact stated twice produces an
 * identical { kind, key, value } and dedupes. The words and rules of each language are data in
 * facts-pt.ts, facts-en.ts, facts-es.ts, facts-fr.ts and facts-de.ts (see facts-rules.ts); this file reads them.
 */

const LANG_RULES: Array<[Lang, FactRules]> = [
  ['pt', PT_FACTS],
  ['en', EN_FACTS],
  ['es', ES_FACTS],
  ['fr', FR_FACTS],
  ['de', DE_FACTS],
];
const words = (pick: (r: FactRules) => string[] | undefined) => new Set(LANG_RULES.flatMap(([, r]) => pick(r) ?? []));

/** Words that look like names after "I'm"/"sou" but are not. */
const NOT_NAMES = words((r) => r.notNames);
const PRONOUNS = words((r) => r.pronouns);

/** Relation words of every language → canonical English key. */
const RELATIONS: Record<string, RelationWord> = Object.assign({}, ...LANG_RULES.map(([, r]) => r.relations ?? {}));
const RELATION_PT = PT_FACTS.relationNames ?? {};
const RELATION_ES = ES_FACTS.relationNames ?? {};
const RELATION_EN: Record<string, string> = Object.fromEntries(Object.entries(EN_FACTS.relationNames ?? {}).map(([k, [m]]) => [k, m]));
const RELATION_BY_FOLDED = new Map(Object.entries(RELATIONS).map(([w, r]) => [fold(w), r.key]));

/** The canonical key of a relation word in any of the three languages ("irmã", "hermana" → "sister"). */
export function relationWord(word: string): string | undefined {
  const w = fold(word.trim());
  if (w === 'best friend') return 'friend';
  return RELATION_BY_FOLDED.get(w);
}

const FEMININE_KEYS = new Set([
  'sister',
  'mother',
  'daughter',
  'wife',
  'girlfriend',
  'fiancee',
  'grandmother',
  'aunt',
  'niece',
  'granddaughter',
  'mother-in-law',
]);
const PT_JOBS = new Set(PT_FACTS.jobs);
const EN_JOBS = new Set(EN_FACTS.jobs);
const WEAK_PLANS = words((r) => r.weakPlans);

interface Ctx {
  out: Fact[];
  seen: Set<string>;
  textLang?: Lang;
}

/** Identity of a fact for deduplication: kind, key and the accent-folded value. */
export function factId(f: Pick<Fact, 'kind' | 'key' | 'value'>): string {
  return `${f.kind}|${f.key}|${fold(f.value)}`;
}

/** Kinds whose key holds several values at once (two friends, two plans); other keys hold one. */
const MULTI_VALUED = new Set<FactKind>(['relation', 'plan']);

/**
 * Which facts a later one replaces: one value per key (the latest order number, city, goal, name…),
 * except relations and plans, which are kept per value, and tastes, which are kept per thing: "I don't
 * like jazz anymore" replaces "likes jazz".
 */
export function factSlot(f: Pick<Fact, 'kind' | 'key' | 'value'>): string {
  if (isStatementFact(f)) return statementSlot(f);
  if (f.kind === 'preference' && (f.key === 'likes' || f.key === 'dislikes')) return `preference|taste|${fold(f.value)}`;
  if (MULTI_VALUED.has(f.kind)) return factId(f);
  return `${f.kind}|${f.key}`;
}

/**
 * Merges fact lists given oldest first: a later fact replaces an earlier one of the same slot (see
 * factSlot) in its place; the name, if any, comes first.
 */
export function mergeFacts(...lists: Fact[][]): Fact[] {
  const bySlot = new Map<string, Fact>();
  for (const f of lists.flat()) {
    if (!f || !f.kind || typeof f.value !== 'string') continue;
    bySlot.set(factSlot(f), f);
  }
  const out = [...bySlot.values()];
  const name = out.find((f) => f.kind === 'name');
  return name ? [name, ...out.filter((f) => f !== name)] : out;
}

/**
 * At most `max` facts: when there are more, the ones stated longest ago go (by `updatedAt`; a fact
 * without one counts as oldest, ties by position), never the name, and statements (kind `statement`) before
 * structured facts; the rest keep their order. A
 * memory that grows with every new taste, plan and relation (those are kept per thing) stays
 * bounded, and so does what each reply is given.
 */
export function keepRecentFacts(facts: Fact[], max: number): Fact[] {
  if (facts.length <= max) return facts;
  const time = (f: Fact) => (f.updatedAt ? Date.parse(f.updatedAt) || 0 : 0);
  // The name first, then the structured facts (what the engine acts on), then the statements; the most recent first.
  const rank = (f: Fact) => (f.kind === 'name' ? 2 : isStatementFact(f) ? 0 : 1);
  const ranked = facts.map((f, i) => ({ f, i })).sort((a, b) => rank(b.f) - rank(a.f) || time(b.f) - time(a.f) || b.i - a.i);
  const keep = new Set(ranked.slice(0, Math.max(0, max)).map((r) => r.i));
  return facts.filter((_, i) => keep.has(i));
}

/**
 * Extracts facts about the speaker from one message (rules for pt-BR, English and Spanish; the
 * language option only chooses the language of `text` — every rule set always runs).
 * Questions yield no personal facts, except an explicit name ("meu nome é Ana, vocês entregam?")
 * and the numbers, codes and emails they carry ("where is order 88412?").
 * With `previous` (the assistant's message just before), a bare answer to what it asked counts
 * too: "What's the order number?" → "It's 31337".
 */
export function extractFacts(message: string, opts?: { language?: string; previous?: string }): Fact[] {
  message = wellFormed(message ?? '');
  // The built-in engine re-reads the whole recent history on every turn: remember recent answers (short messages only).
  if ((message?.length ?? 0) > 1000 || (opts?.previous?.length ?? 0) > 2000) return extractFactsUncached(message, opts);
  const key = `${opts?.language ?? ''}\u0000${message ?? ''}\u0000${opts?.previous ?? ''}`;
  return FACT_CACHE.get(key, () => extractFactsUncached(message, opts));
}

/**
 * The recent answers of extractFacts (recent-answers.ts). In a messaging soak the cache held ~750 bytes an entry and was what
 * the heap grew by.
 */
const FACT_CACHE = new RecentAnswers<Fact[]>(5000, 2 * 1024 * 1024, copyList);

/** The cache's size now (for tests and measurements): entries and estimated bytes, and its bounds. */
export function factCacheStats(): { entries: number; bytes: number; maxEntries: number; maxBytes: number } {
  return FACT_CACHE.stats();
}

function extractFactsUncached(message: string, opts?: { language?: string; previous?: string }): Fact[] {
  // The text of a fact is in the language asked for, else in the message's own language when it is clear.
  const ctx: Ctx = { out: [], seen: new Set(), textLang: languageFamily(opts?.language) ?? detectLanguage(message ?? '').language };
  for (const raw of sentences(squish(message ?? ''))) {
    const sentence = raw.replace(/[“”"]/g, '');
    const question = /\?\s*$/.test(sentence) || /^\s*[¿]/.test(sentence);
    names(sentence, ctx);
    for (const v of slotValues(sentence, question)) addSlot(ctx, v);
    if (question) continue;
    preferences(sentence, ctx);
    plans(sentence, ctx);
    goals(sentence, ctx);
    relations(sentence, ctx);
    locations(sentence, ctx);
    jobs(sentence, ctx);
    age(sentence, ctx);
    attributes(sentence, ctx);
  }
  if (opts?.previous) answers(message ?? '', opts.previous, ctx);
  return correctedValues(ctx.out, findCorrections(message ?? ''));
}

/**
 * "It's 88213-B, not 88231-B": the corrected value is the one kept. A fact holding the old value takes the
 * new one (unless the new one is already there), so the old value is never stored from a correction.
 */
function correctedValues(facts: Fact[], corrections: Correction[]): Fact[] {
  if (!corrections.length) return facts;
  const out: Fact[] = [];
  for (const f of facts) {
    const c = corrections.find((x) => fold(x.from) === fold(f.value));
    if (!c) {
      out.push(f);
      continue;
    }
    if (facts.some((g) => g.kind === f.kind && fold(g.value) === fold(c.to))) continue;
    out.push({ ...f, value: c.to, text: applyCorrections(f.text, corrections) });
  }
  return out;
}

/**
 * What a message tells only as a bare answer to the assistant's previous message ("It's 31337" after
 * "What's the order number?", or a name when it asked for one): the facts of
 * `extractFacts(message, { previous })` that `extractFacts(message)` does not have.
 */
export function extractAnswerFacts(message: string, previous: string, opts?: { language?: string }): Fact[] {
  const alone = new Set(extractFacts(message, opts).map(factSlot));
  return extractFacts(message, { ...opts, previous }).filter((f) => !alone.has(factSlot(f)));
}

/** "como posso te chamar?", "what should I call you?": the assistant asked for the person's name. */
export const ASKED_FOR_NAME =
  /(como posso te chamar|como (voce )?prefere ser chamad|qual (e )?(o )?seu nome|me diz seu nome|your name|what should i call you|what can i call you|may i have your name|como te llamas|cual es tu nombre|como puedo llamarte)/;

/** "Ana", "é Ana", "it's Ana" in answer to "what should I call you?". */
export function bareName(message: string): string | undefined {
  const m = trimEnd(message).replace(/^(?:é|e|sou|sou a|sou o|it's|its|i'm|im|me chamo|call me|soy|me llamo)\s+/i, '');
  if (!/^[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?$/u.test(m)) return undefined;
  const i = detectIntents(m);
  if (i.yes || i.no || i.greeting || i.thanks || i.farewell) return undefined;
  if (/^(?:nao|não|prefiro nao|prefiro não|ninguem|ninguém|nobody|none|no|nadie)$/i.test(m)) return undefined;
  return titleCase(m);
}

function answers(message: string, previous: string, ctx: Ctx): void {
  if (ctx.out.some((f) => f.kind !== 'name' && f.kind !== 'contact' && f.kind !== 'identifier') && ctx.out.length > 1) return;
  if (ASKED_FOR_NAME.test(fold(previous)) && !ctx.out.some((f) => f.kind === 'name')) {
    const name = bareName(message);
    if (name) add(ctx, 'name', 'name', name, 'en', (l) => nameText(name, l));
    return;
  }
  if (ctx.out.some((f) => f.kind === 'identifier' || f.kind === 'contact')) return;
  const v = answerValue(message, previous);
  if (v) addSlot(ctx, v);
}

function nameText(name: string, l: Lang): string {
  return l === 'pt'
    ? `Chama-se ${name}`
    : l === 'es'
      ? `Se llama ${name}`
      : l === 'fr'
        ? `S’appelle ${name}`
        : l === 'de'
          ? `Heißt ${name}`
          : `Their name is ${name}`;
}

function addSlot(ctx: Ctx, v: SlotValue): void {
  add(ctx, v.slot.kind, v.slot.key, v.value, v.lang, (l) => `${slotTitle(v.slot, l)}: ${v.value}`);
}

function goals(s: string, ctx: Ctx): void {
  const g = goalValue(s);
  if (!g) return;
  add(ctx, 'goal', 'goal', g.value, g.lang, (l) => (l === 'pt' ? `Objetivo: ${g.value}` : l === 'es' ? `Objetivo: ${g.value}` : `Goal: ${g.value}`));
}

function attributes(s: string, ctx: Ctx): void {
  for (const a of attributeValues(s, (w) => Boolean(RELATIONS[w]))) {
    if (a.slot) {
      if (!ctx.out.some((f) => f.kind === 'location' && f.key === 'lives_in')) {
        const place = titleCase(a.value);
        add(ctx, 'location', 'lives_in', place, a.lang, (l) => livesText(place, l));
      }
      continue;
    }
    if (ctx.out.some((f) => f.key === a.key)) continue;
    add(ctx, 'other', a.key, a.value, a.lang, () => `${capitalize(a.noun)}: ${a.value}`);
  }
}

function livesText(place: string, l: Lang, prep = 'em'): string {
  return l === 'pt' ? `Mora ${prep} ${place}` : l === 'es' ? `Vive en ${place}` : `Lives in ${place}`;
}

function add(ctx: Ctx, kind: FactKind, key: string, value: string, lang: Lang, text: (l: Lang) => string): void {
  value = squish(value);
  if (!value) return;
  const fact: Fact = { kind, key, value, text: text(ctx.textLang ?? lang) };
  const id = factId(fact);
  if (ctx.seen.has(id)) return;
  if (kind === 'name') {
    // One name per message: the first explicit statement wins.
    if (ctx.out.some((f) => f.kind === 'name')) return;
  }
  ctx.seen.add(id);
  ctx.out.push(fact);
}

/** Text after a trigger, up to the end of the clause. */
function clause(rest: string, commas = true): string {
  const boundary = commas
    ? /[,;:.!?…()\n]|\s(?:mas|porém|porque|pois|quando|se|but|because|when|if|since|so|although|though|e eu|and i|e também|and also|y yo|y tengo|y vivo|y soy|y trabajo|y me|pero|porque)\s/iu
    : /[;:.!?…()\n]|\s(?:mas|porém|porque|pois|quando|se|but|because|when|if|since|so|although|though|e eu|and i|e também|and also|y yo|y tengo|y vivo|y soy|y trabajo|y me|pero|porque)\s/iu;
  const m = boundary.exec(rest);
  return trimEnd(m ? rest.slice(0, m.index) : rest);
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/** Words that end a lower-case name ("meu nome é ana preciso de ajuda"). */
const NOT_NAME_TAIL = words((r) => r.notNameTail);

/** Titles before a name. */
const TITLES = new Set('dr dra mr mrs ms sr sra srta prof mme mlle'.split(' '));

function cleanName(raw: string, requireCapital: boolean, lowerCaseMessage = false): string | undefined {
  const words = raw.split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  let title = '';
  for (const w of words) {
    const bare = w.replace(/[^\p{L}'’-]/gu, '');
    // A title opens the name and does not count as one of its words: "Dr. Okafor", "Sra. Lima".
    if (!kept.length && TITLES.has(fold(bare)) && /\.$/.test(w) && words.length > 1) {
      title = `${capitalize(bare.toLowerCase())}. `;
      continue;
    }
    if (!bare || NOT_NAMES.has(fold(bare))) break;
    // A second word belongs to the name when capitalized, or when the person types all in lower case.
    if (kept.length > 0 && !/^\p{Lu}/u.test(bare) && !(lowerCaseMessage && !NOT_NAME_TAIL.has(fold(bare)))) break;
    if (requireCapital && !/^\p{Lu}/u.test(bare)) break;
    kept.push(bare);
    if (kept.length === 2) break;
  }
  if (!kept.length) return undefined;
  // "jean-pierre" → "Jean-Pierre", "MARIA" → "Maria"; a name written with its own capitals ("McKenzie") stays.
  const cased = (w: string) =>
    w === w.toLowerCase() || w === w.toUpperCase()
      ? w
          .toLowerCase()
          .split('-')
          .map((p) => capitalize(p))
          .join('-')
      : capitalize(w);
  return title + kept.map(cased).join(' ');
}

const NAME_RULES: Array<{ re: RegExp; lang: Lang; cap: boolean; lower?: boolean }> = LANG_RULES.flatMap(([lang, r]) =>
  r.nameRules.map((n) => ({ ...n, lang })),
);

/** English words (wink-lexicon's lexicon, WordNet's): a word typed in lower case after "im" that is one is no name ("im tired"). */
const ENGLISH_WORDS: Record<string, unknown> = ENGLISH_LEXICON;

/** Each language's fact rules, and its jobs folded ("médico" as "medico"). */
const RULES_OF = new Map(LANG_RULES);
const FOLDED_JOBS = new Map(LANG_RULES.map(([lang, r]) => [lang, new Set((r.jobs ?? []).map(fold))]));

/**
 * Could a word typed in lower case in a self-introduction be a name? Not a word of the language (its function words,
 * filler, jobs, relations and, in English, its dictionary), nor an adjective's or participle's ending (lang rules
 * `adjectiveEndings`: "sou a responsável", "je suis fatigué"), nor a word stretched in chat ("im sooo").
 */
export function couldBeName(word: string, lang: Lang, surname = false): boolean {
  const w = word.toLowerCase();
  const f = fold(w);
  if (f.length < 3 || /(.)\1\1/u.test(f) || NOT_NAMES.has(f) || PRONOUNS.has(f) || RELATION_BY_FOLDED.has(f)) return false;
  // isStopWord holds the language's function words, first-person words and chat filler.
  if (isStopWord(w, lang) || PT_JOBS.has(f) || EN_JOBS.has(f) || FOLDED_JOBS.get(lang)?.has(f)) return false;
  if (!surname && RULES_OF.get(lang)?.adjectiveEndings?.test(w)) return false;
  return lang !== 'en' || ENGLISH_WORDS[f] === undefined;
}

function names(s: string, ctx: Ctx): void {
  for (const { re, lang, cap, lower } of NAME_RULES) {
    const m = re.exec(s);
    if (!m) continue;
    // A surname may end like an adjective ("teixeira"): only the first word is held to every test.
    if (lower && !m[1].split(/\s+/).every((w, k) => couldBeName(w, lang, k > 0))) continue;
    // "Sou de São Paulo" / "I'm from Recife" are places, not names.
    // A rule may name the name in one of several groups ("Oi, é o Zé" | "Zé aqui").
    const raw = m.slice(1).find(Boolean);
    if (!raw) continue;
    if (cap && /^(?:de|do|da|from|in)\b/i.test(raw)) continue;
    const name = cleanName(raw, cap, s === s.toLowerCase());
    if (!name) continue;
    add(ctx, 'name', 'name', name, lang, (l) => nameText(name, l));
    return;
  }
}

function prefItems(rest: string): string[] {
  const text = clause(rest, false);
  const parts = text.split(/\s*,\s*|\s+(?:e|and|or|ou|y|o|&)\s+/iu);
  const items: string[] = [];
  for (let p of parts) {
    p = trimEnd(p)
      .replace(/\s+(?:demais|muito|bastante|pra caramba|so much|a lot|very much|too|anymore|any more|no more|mais|nunca mais|ya|mucho|nada)$/iu, '')
      .replace(/^(?:[oa]s?|um|uma|el|la|los|las|un|una)\s+/iu, '')
      .trim();
    if (!p) break;
    const first = fold(p.split(' ')[0]);
    if (PRONOUNS.has(first)) break;
    if (wordCount(p) > 4 || /\b(?:eu|moro|sou|tenho|vou|i|my|meu|minha|i'm)\b/iu.test(p)) break;
    items.push(p.toLowerCase());
    if (items.length === 5) break;
  }
  return items;
}

const PREFERENCE_RULES = LANG_RULES.flatMap(([lang, r]) => (r.preferenceRules ?? []).map((p) => ({ ...p, lang })));
const FAVOURITE_RULES = LANG_RULES.flatMap(([lang, r]) => (r.favourite ? [{ re: r.favourite, lang }] : []));

function preferences(s: string, ctx: Ctx): void {
  const like = (value: string, lang: Lang) =>
    add(ctx, 'preference', 'likes', value, lang, (l) => (l === 'pt' ? `Gosta de ${value}` : l === 'es' ? `Le gusta ${value}` : `Likes ${value}`));
  const dislike = (value: string, lang: Lang) =>
    add(ctx, 'preference', 'dislikes', value, lang, (l) => (l === 'pt' ? `Não gosta de ${value}` : l === 'es' ? `No le gusta ${value}` : `Dislikes ${value}`));

  const rules = PREFERENCE_RULES.map(({ re, lang, like: yes }) => ({ re, lang, fn: yes ? like : dislike }));
  const taken: Array<[number, number]> = [];
  for (const { re, lang, fn } of rules) {
    for (const m of s.matchAll(re)) {
      const start = m.index ?? 0;
      if (taken.some(([a, b]) => start >= a && start < b)) continue;
      taken.push([start, start + m[0].length]);
      for (const item of prefItems(s.slice(start + m[0].length))) fn(item, lang);
    }
  }

  const fav = FAVOURITE_RULES;
  for (const { re, lang } of fav) {
    const m = re.exec(s);
    if (!m) continue;
    const what = m[1].toLowerCase();
    const value = clause(s.slice((m.index ?? 0) + m[0].length)).toLowerCase();
    if (!value || wordCount(value) > 5) continue;
    add(ctx, 'preference', `favorite_${fold(what).replace(/\s+/g, '_')}`, value, lang, (l) =>
      l === 'pt' && lang === 'pt' ? `${capitalize(what)} ${m[2].toLowerCase()}: ${value}` : `Favourite ${what}: ${value}`,
    );
  }
}

function plans(s: string, ctx: Ctx): void {
  const plan = (value: string, display: string, lang: Lang) =>
    add(ctx, 'plan', 'plan', value.toLowerCase(), lang, (l) => (l === 'pt' ? `Planeja ${display}` : `Plans to ${display}`));

  const pt =
    /\b(?:vou|vamos|pretendo|planejo|estou planejando|t[ôo] planejando|estou pensando em|penso em|quero muito|estou indo)\s+((?:me\s+|se\s+|nos\s+)?\p{L}+(?:ar|er|ir|or|ôr|pôr))\b/iu;
  let m = pt.exec(s);
  if (m && !WEAK_PLANS.has(fold(m[1]))) {
    const rest = clause(s.slice((m.index ?? 0) + m[0].length));
    const display = trimEnd(`${m[1]} ${rest}`)
      .replace(/\s+/g, ' ')
      .replace(/^(?:me|nos)\s+/i, 'se ');
    if (wordCount(display) <= 10) plan(display, display, 'pt');
  }

  const en =
    /\b(?:I(?:'m|’m| am)\s+(?:going to|gonna|planning to|planning on|about to|thinking about|thinking of|hoping to)|I\s+(?:plan|intend|want|hope)\s+to|[Ww]e(?:'re|’re| are)\s+(?:going to|gonna|planning to))\s+(\p{L}+)/iu;
  m = en.exec(s);
  if (m && !WEAK_PLANS.has(fold(m[1]))) {
    const rest = clause(s.slice((m.index ?? 0) + m[0].length));
    let verb = m[1];
    if (/^(?:the|a|an|my|our)$/i.test(verb) || /^\p{Lu}/u.test(verb)) {
      // "I'm going to the beach" / "I'm going to Paris": a destination.
      if (/going to|gonna/i.test(m[0])) verb = `go to ${verb}`;
      else return;
    } else {
      verb = ING_TO_BASE[verb.toLowerCase()] ?? verb;
    }
    const display = trimEnd(`${verb} ${rest}`).replace(/\s+/g, ' ');
    if (wordCount(display) <= 10 && !/want to$/.test(display)) plan(display, display, 'en');
    return;
  }

  const enIng = /\bI(?:'m|’m| am)\s+(moving|travell?ing|flying|heading|getting married|starting|visiting|leaving|changing)\b/iu;
  m = enIng.exec(s);
  if (m) {
    const rest = clause(s.slice((m.index ?? 0) + m[0].length));
    if (!rest && !/married/i.test(m[1])) return;
    const verb = m[1].toLowerCase().replace(/^(\w+)/, (w) => ING_TO_BASE[w] ?? w);
    const display = trimEnd(`${verb} ${rest}`);
    if (wordCount(display) <= 10) plan(display, display, 'en');
  }
}

function relationDisplay(key: string, value: string, fem: boolean, lang: Lang): string {
  if (lang === 'pt') {
    const [m, f] = RELATION_PT[key] ?? [key, key];
    const female = fem || FEMININE_KEYS.has(key);
    const word = female ? f : m;
    return `Tem ${female ? 'uma' : 'um'} ${word} chamad${female ? 'a' : 'o'} ${value}`;
  }
  if (lang === 'es') {
    const [m, f] = RELATION_ES[key] ?? [key, key];
    const female = fem || FEMININE_KEYS.has(key);
    return `Tiene ${female ? 'una' : 'un'} ${female ? f : m} llamad${female ? 'a' : 'o'} ${value}`;
  }
  const word = RELATION_EN[key] ?? key;
  return `Has a ${word} named ${value}`;
}

/** "sua irmã Maria" / "your sister Maria": how to refer to a relation fact when talking to the person. */
export function relationPhrase(f: Fact, lang: Lang): string {
  if (lang === 'pt') {
    const [m, fem] = RELATION_PT[f.key] ?? [f.key, f.key];
    const female = FEMININE_KEYS.has(f.key) || /^Tem uma\b/.test(f.text);
    return `${female ? 'sua' : 'seu'} ${female ? fem : m} ${f.value}`;
  }
  if (lang === 'es') {
    const [m, fem] = RELATION_ES[f.key] ?? [f.key, f.key];
    const female = FEMININE_KEYS.has(f.key) || /^T(?:em|iene) una\b/.test(f.text);
    return `tu ${female ? fem : m} ${f.value}`;
  }
  // French relation words are not kept (French statements are remembered as said): the name alone.
  if ((lang === 'fr' || lang === 'de') && f.value) return f.value;
  return `your ${RELATION_EN[f.key] ?? f.key} ${f.value}`;
}

// Compiled once: these run for every message and every turn of the history.
const REL_WORDS = Object.keys(RELATIONS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const RELATION_RULES: Array<{ re: RegExp; lang: Lang }> = LANG_RULES.flatMap(([lang, r]) => (r.relationRules?.(REL_WORDS) ?? []).map((re) => ({ re, lang })));

function relations(s: string, ctx: Ctx): void {
  for (const { re, lang } of RELATION_RULES) {
    for (const m of s.matchAll(re)) {
      const rel = RELATIONS[m[1].toLowerCase()];
      if (!rel) continue;
      const name = cleanName(m[2], true);
      if (!name) continue;
      add(ctx, 'relation', rel.key, name, lang, (l) => relationDisplay(rel.key, name, !!rel.fem, l));
    }
  }
}

const NOT_PLACES = words((r) => r.notPlaces);

const CITY_WORDS = new Set(CITIES);
/** The city (lang/cities.ts) a text opens with, one or two words ("campinas", "sao paulo"), as written. */
function knownCity(rest: string): string | undefined {
  const ws = rest
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.replace(/[^\p{L}'’-]+$/u, ''));
  if (!ws[0] || !CITY_WORDS.has(fold(ws[0]))) return undefined;
  return ws[1] && CITY_WORDS.has(fold(ws[1])) && !/[,.;!?]$/.test(rest.trim().split(/\s+/)[0]) ? `${ws[0]} ${ws[1]}` : ws[0];
}

const PLACE_START = new RegExp(`^${PLACE}`, 'u');
const LOCATION_RULES = LANG_RULES.flatMap(([lang, r]) => (r.locationRules ?? []).map((l) => ({ ...l, lang })));

function locations(s: string, ctx: Ctx): void {
  // Portuguese keeps the preposition the person used: "Mora no Rio", "É da Bahia".
  const prep = (matched: string, fallback: string) => /\b(em|no|na|nos|nas|de|do|da|dos|das)\s*$/i.exec(matched)?.[1].toLowerCase() ?? fallback;
  const live = (place: string, lang: Lang, matched = '') => add(ctx, 'location', 'lives_in', place, lang, (l) => livesText(place, l, prep(matched, 'em')));
  const from = (place: string, lang: Lang, matched = '') =>
    add(ctx, 'location', 'from', place, lang, (l) => (l === 'pt' ? `É ${prep(matched, 'de')} ${place}` : l === 'es' ? `Es de ${place}` : `Is from ${place}`));

  const rules = LOCATION_RULES.map(({ re, lang, kind, lower }) => ({ re, lang, lower, fn: kind === 'lives_in' ? live : from }));
  for (const { re, lang, fn, lower } of rules) {
    const m = re.exec(s);
    if (!m) continue;
    const rest = s.slice((m.index ?? 0) + m[0].length);
    const cap = PLACE_START.exec(rest);
    if (cap) {
      fn(titleCase(cap[1]), lang, m[0]);
      continue;
    }
    // A known city counts in any case ("i'm from porto", "sou de curitiba", "o endereço é…, em campinas").
    const city = knownCity(rest);
    if (city) {
      fn(titleCase(city), lang, m[0]);
      continue;
    }
    if (lower && s === s.toLowerCase()) {
      // "moro em recife", "i live in lisbon": someone typing all in lower case; one to three
      // words closing the clause. (With capitals elsewhere, "I live in fear" is not a place.)
      const c = clause(rest);
      if (c && wordCount(c) <= 3 && !NOT_PLACES.has(fold(c.split(' ')[0])) && /^[\p{L}\s'-]+$/u.test(c)) fn(titleCase(c), lang, m[0]);
    }
  }
}

const JOB_PT = PT_FACTS.jobIdentity as RegExp;
const JOB_EN = EN_FACTS.jobIdentity as RegExp;
const EMPLOYER = new RegExp(
  `\\b(?:[Tt]rabalho|[Tt]rabajo|I work|I'm working|I am working)\\s+(?:na|no|em|pra|para a|para o|at|for|en|para)\\s+(${CAP}(?:\\s+${CAP}){0,2})`,
  'u',
);

function jobs(s: string, ctx: Ctx): void {
  const job = (value: string, lang: Lang, identity = false) =>
    add(ctx, 'job', 'job', value.toLowerCase(), lang, (l) =>
      l === 'pt'
        ? `${identity ? 'É' : 'Trabalha como'} ${value.toLowerCase()}`
        : l === 'es'
          ? `Trabaja como ${value.toLowerCase()}`
          : `${identity ? 'Is' : 'Works as'} ${article(value)}`,
    );
  const employer = (value: string, lang: Lang) =>
    add(ctx, 'job', 'employer', value, lang, (l) => (l === 'pt' ? `Trabalha na ${value}` : l === 'es' ? `Trabaja en ${value}` : `Works at ${value}`));

  let m =
    /\b(?:trabalho como|atuo como|minha profiss[ãa]o é|minha profissao e|I work as|my job is|I'm working as|I am working as|trabajo como|mi profesi[oó]n es|mi trabajo es)\s+(?:an?\s+|uma?\s+|una?\s+)?/iu.exec(
      s,
    );
  if (m) {
    const value = clause(s.slice((m.index ?? 0) + m[0].length));
    if (value && wordCount(value) <= 4) job(value, /trabajo|profesi[oó]n/i.test(m[0]) ? 'es' : /trabalho|atuo|profiss/i.test(m[0]) ? 'pt' : 'en');
  }
  m = JOB_PT.exec(s);
  if (m) {
    const first = fold(m[1].split(' ')[0]);
    if ([...PT_JOBS].some((j) => fold(j) === first)) job(m[1], 'pt', true);
  }
  m = JOB_EN.exec(s);
  if (m) {
    const words = clause(m[1]).split(/\s+/);
    const idx = words.findIndex((w) => EN_JOBS.has(w.toLowerCase()));
    if (idx >= 0) job(words.slice(0, idx + 1).join(' '), 'en', true);
  }
  if (/\bI(?:'m|’m| am)\s+retired\b/i.test(s)) job('retired', 'en', true);
  m = EMPLOYER.exec(s);
  if (m && !/^(?:Casa|Home)$/.test(m[1])) employer(m[1], /^[Tt]rabajo/.test(m[0].trim()) ? 'es' : /^[Tt]rabalho/.test(m[0].trim()) ? 'pt' : 'en');
}

function age(s: string, ctx: Ctx): void {
  const m =
    /\b(?:tenho|completei|fiz)\s+(\d{1,3})\s+anos\b|\bI(?:'m|’m| am)\s+(\d{1,3})(?:\s+years?\s+old|\s*y\/?o\b|\s*$)|\b(?:tengo|cumpl[ií])\s+(\d{1,3})\s+a[ñn]os\b/iu.exec(
      s,
    );
  // An introduction with the age after the name ("I'm Tom, 34", "sou a Ana, 28 anos", "moi c'est Inès, 29 ans", "ich bin
  // Jonas, 33"), and French and German ages ("j'ai 29 ans", "ich bin 33 Jahre alt").
  const intro =
    /\b(?:i['’]m|i am|sou|soy|je suis|moi c['’]est|c['’]est|ich bin|me llamo|meu nome [ée]|my name is)\s+(?:(?:a|o|el|la)\s+)?\p{Lu}[\p{L}'’-]+,\s*(\d{1,2})(?:\s+(?:years?(?:\s+old)?|anos|a[ñn]os|ans|jahre(?:\s+alt)?))?(?![\p{L}\p{N}:.])|\bj['’]ai\s+(\d{1,3})\s+ans\b|\bich bin\s+(\d{1,3})\s+jahre\b/iu.exec(
      s,
    );
  if (!m && !intro) return;
  const n = m ? (m[1] ?? m[2] ?? m[3]) : (intro![1] ?? intro![2] ?? intro![3]);
  const years = Number(n);
  if (!(years > 0 && years < 120)) return;
  add(
    ctx,
    'other',
    'age',
    String(years),
    m ? (m[1] ? 'pt' : m[3] ? 'es' : 'en') : /\b(?:sou|meu nome)\b/i.test(s) ? 'pt' : /\b(?:soy|me llamo|a[ñn]os)\b/i.test(s) ? 'es' : 'en',
    (l) => (l === 'pt' ? `Tem ${years} anos` : l === 'es' ? `Tiene ${years} años` : `Is ${years} years old`),
  );
}

export function article(v: string): string {
  const w = v.toLowerCase();
  if (w === 'retired') return 'retired';
  return /^[aeiou]/.test(w) ? `an ${w}` : `a ${w}`;
}

// ---------------------------------------------------------------------------------------------
// Relationship summary
// ---------------------------------------------------------------------------------------------

const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  pt: ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  de: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
};

function formatDate(d: Date, lang: Lang): string {
  if (Number.isNaN(d.getTime())) return '?';
  const day = d.getUTCDate();
  const month = MONTHS[lang][d.getUTCMonth()];
  const year = d.getUTCFullYear();
  return lang === 'en' ? `${month} ${day}, ${year}` : `${day} ${month} ${year}`;
}

function lower1(s: string): string {
  return s ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

/**
 * A short deterministic summary of a relationship (no clock: durations come from the stats).
 * Example: "Ana — regular contact: 12 interactions over 3 weeks (Mar 3, 2026 – Mar 24, 2026).
 * Likes coffee and hiking; plans to travel to Paris; has a sister named Maria; lives in Recife."
 */
export function summarizeRelationship(facts: Fact[], stats: RelationshipStats, language?: string): string {
  const lang: Lang = languageFamily(language) ?? 'en';
  const merged = mergeFacts(facts ?? []);
  if (lang === 'es') return summaryEs(merged, stats);
  const name = stats.name?.trim() || merged.find((f) => f.kind === 'name')?.value;
  const n = Math.max(0, Math.floor(stats.interactions || 0));

  const stage =
    lang === 'pt'
      ? n <= 1
        ? 'primeiro contato'
        : n < 5
          ? 'conhecendo-se'
          : n < 20
            ? 'contato frequente'
            : 'relação de longa data'
      : n <= 1
        ? 'first contact'
        : n < 5
          ? 'getting acquainted'
          : n < 20
            ? 'regular contact'
            : 'long-standing relationship';

  const days = Math.max(0, Math.round((stats.lastSeen.getTime() - stats.firstSeen.getTime()) / 86_400_000));
  const span = durationText(days, lang);
  const interactions = lang === 'pt' ? `${n} ${n === 1 ? 'interação' : 'interações'}` : `${n} ${n === 1 ? 'interaction' : 'interactions'}`;
  const first = formatDate(stats.firstSeen, lang);
  const last = formatDate(stats.lastSeen, lang);
  const when = first === last ? (lang === 'pt' ? `em ${first}` : `on ${first}`) : `(${first} – ${last})`;
  const over = days > 0 ? (lang === 'pt' ? ` ao longo de ${span}` : ` over ${span}`) : '';
  const who = name ?? (lang === 'pt' ? 'Pessoa sem nome informado' : 'Unnamed person');
  let summary = `${who} — ${stage}: ${interactions}${over} ${when}.`;

  const details = describeFacts(
    merged.filter((f) => f.kind !== 'name'),
    lang,
  );
  if (details) summary += ` ${details}`;
  return summary;
}

function durationText(days: number, lang: Lang): string {
  const unit = (n: number, en: [string, string], pt: [string, string]) => {
    const [one, many] = lang === 'pt' ? pt : en;
    return `${n} ${n === 1 ? one : many}`;
  };
  if (days < 14) return unit(days, ['day', 'days'], ['dia', 'dias']);
  if (days < 60) return unit(Math.round(days / 7), ['week', 'weeks'], ['semana', 'semanas']);
  if (days < 730) return unit(Math.round(days / 30), ['month', 'months'], ['mês', 'meses']);
  return unit(Math.round(days / 365), ['year', 'years'], ['ano', 'anos']);
}

/**
 * A fact's sentence in a given language, rebuilt from kind/key/value when the rules know the
 * key (relations, places, jobs, age), else the stored text.
 */
export function factText(f: Fact, lang: Lang): string {
  const pt = lang === 'pt';
  const es = lang === 'es';
  switch (f.kind) {
    case 'name':
      return nameText(f.value, lang);
    case 'relation':
      if (RELATION_PT[f.key] || RELATION_EN[f.key] || Object.values(RELATIONS).some((r) => r.key === f.key)) {
        return relationDisplay(f.key, f.value, (pt || es) && /^T(?:em|iene) una\b/.test(f.text), lang);
      }
      break;
    case 'location':
      if (f.key === 'lives_in') return pt ? (/^Mora\b/.test(f.text) ? f.text : `Mora em ${f.value}`) : es ? `Vive en ${f.value}` : `Lives in ${f.value}`;
      if (f.key === 'from') return pt ? (/^É\b/.test(f.text) ? f.text : `É de ${f.value}`) : es ? `Es de ${f.value}` : `Is from ${f.value}`;
      break;
    case 'job':
      if (f.key === 'employer') return pt ? `Trabalha na ${f.value}` : es ? `Trabaja en ${f.value}` : `Works at ${f.value}`;
      break;
    case 'goal':
      return `${pt || es ? 'Objetivo' : 'Goal'}: ${f.value}`;
    case 'identifier':
    case 'contact':
    case 'date': {
      const slot = ALL_SLOTS.find((x) => x.kind === f.kind && x.key === f.key);
      if (slot) return `${slotTitle(slot, lang)}: ${f.value}`;
      break;
    }
    case 'other':
      if (f.key === 'age') return pt ? `Tem ${f.value} anos` : es ? `Tiene ${f.value} años` : `Is ${f.value} years old`;
      break;
  }
  return f.text || `${f.key}: ${f.value}`;
}

/** "Likes coffee and hiking; plans to travel to Paris; lives in Recife." (at most a few items per kind). */
export function describeFacts(facts: Fact[], lang: Lang, max = 8): string {
  const parts: string[] = [];
  const likes = facts.filter((f) => f.kind === 'preference' && f.key === 'likes').map((f) => f.value);
  const dislikes = facts.filter((f) => f.kind === 'preference' && f.key === 'dislikes').map((f) => f.value);
  const words = {
    pt: ['gosta de', 'não gosta de'],
    en: ['likes', 'dislikes'],
    es: ['le gusta', 'no le gusta'],
    fr: ['aime', 'n’aime pas'],
    de: ['mag', 'mag nicht'],
  }[lang];
  if (likes.length) parts.push(`${words[0]} ${joinList(likes.slice(0, 4), lang)}`);
  if (dislikes.length) parts.push(`${words[1]} ${joinList(dislikes.slice(0, 3), lang)}`);
  const kinds: FactKind[] = ['preference', 'plan', 'goal', 'relation', 'location', 'job', 'identifier', 'contact', 'date', 'other'];
  for (const kind of kinds) {
    for (const f of facts.filter((x) => x.kind === kind && !(kind === 'preference' && (x.key === 'likes' || x.key === 'dislikes'))).slice(0, 3)) {
      const text = factText(f, lang);
      // "Order number: 88412" keeps its capital inside a list; sentences ("Lives in…") do not.
      parts.push(kind === 'identifier' || kind === 'contact' || kind === 'date' || kind === 'goal' ? text : lower1(text));
    }
  }
  if (!parts.length) return '';
  return `${capitalize(parts.slice(0, max).join('; '))}.`;
}

function summaryEs(merged: Fact[], stats: RelationshipStats): string {
  const name = stats.name?.trim() || merged.find((f) => f.kind === 'name')?.value;
  const n = Math.max(0, Math.floor(stats.interactions || 0));
  const stage = n <= 1 ? 'primer contacto' : n < 5 ? 'conociéndose' : n < 20 ? 'contacto frecuente' : 'relación de larga data';
  const days = Math.max(0, Math.round((stats.lastSeen.getTime() - stats.firstSeen.getTime()) / 86_400_000));
  const unit = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  const span =
    days < 14
      ? unit(days, 'día', 'días')
      : days < 60
        ? unit(Math.round(days / 7), 'semana', 'semanas')
        : days < 730
          ? unit(Math.round(days / 30), 'mes', 'meses')
          : unit(Math.round(days / 365), 'año', 'años');
  const first = formatDate(stats.firstSeen, 'es');
  const last = formatDate(stats.lastSeen, 'es');
  const when = first === last ? `el ${first}` : `(${first} – ${last})`;
  const over = days > 0 ? ` a lo largo de ${span}` : '';
  let summary = `${name ?? 'Persona sin nombre'} — ${stage}: ${unit(n, 'interacción', 'interacciones')}${over} ${when}.`;
  const details = describeFacts(
    merged.filter((f) => f.kind !== 'name'),
    'es',
  );
  if (details) summary += ` ${details}`;
  return summary;
}
