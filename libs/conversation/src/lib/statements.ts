import { AFTER_LEAD, AUXILIARIES, INTERROGATIVE_LEADS, INTERROGATIVES } from './asking';
import { distance } from 'fastest-levenshtein';
import { companionNames, withoutInstead } from './companions';
import { detectLanguage } from './detect-language';
import { LANGUAGE_DATA, perLanguage } from './lang';
import { ADDRESSEE } from './lang/addressee';
import { CITIES, COUNTRIES } from './lang/cities';
import type { AnswerType } from './lang/types';
import { languageFamily, type Lang } from './language';
import { EMAIL, isStopWord, parseDates, termsOf, wordsOf, type Terms } from './terms';
import { fits, namedRelations, namesSomeone, pointsBack, referentsOf, type Referent } from './referents';
import { expandShorthand } from './shorthand';
import { findTopic } from './topics';
import { askingWords, escapeRe, fold, hash, pick, sentences, squish, trimEnd, wellFormed } from './text';
import { couldBeName, extractFacts } from './facts';
import { copyList, RecentAnswers } from './recent-answers';
import type { ChatTurn, Fact } from './types';

/*
 * The statement memory: every sentence the person says about themselves or their case is kept as a
 * `statement` fact (key: its language; value: the folded sentence; text: the sentence as written), beside
 * the structured facts, and stored wherever facts are. A question about the person is answered by
 * retrieving the statements that best match it (stemmed, synonym-aware overlap of terms, names, numbers,
 * codes, e-mails and dates; the most recent first) and telling them back person-shifted ("You told me
 * you're flying to Lisbon on March 14th"). Corrections ("X, not Y", "actually…", "me enganei…") replace
 * the old value everywhere. The per-language words are data (lang/*.ts).
 */

/** The kind of a statement fact. */
export const STATEMENT_KIND = 'statement';

/** A remembered statement, ready for retrieval. */
export interface Statement {
  text: string;
  lang: Lang;
  /** When it was said (ISO 8601), when known. */
  at?: string;
  /** Position in the memory, oldest first (recency). */
  order: number;
  terms: Terms;
  /** It corrects something said before ("actually…", "X, not Y"). */
  correction: boolean;
  /**
   * What a "X, not Y" said after it of the old value, as a statement of its own ("the 14th is my dentist" after "sorry, i
   * meant the 21st, not the 14th"): the old values it names. Recalled only for a question that names one ("and the 14th?").
   */
  aside?: string[];
}

/** One replaced value: `from` (the old value) is never answered again, `to` is. */
export interface Correction {
  from: string;
  to: string;
  /** The new value as said, with the words that followed it ("25th anniversary", "5 semaines"), for acknowledgements. */
  said?: string;
  /** The correction that says it, when it also says the old value as its reason (not replaced there). */
  by?: string;
}

/** A correction with where it was said: the index of its text among those read. */
type PlacedCorrection = Correction & { at: number };

const MAX_STATEMENT_CHARS = 400;

/** The languages of lang/*.ts. */
const ALL_LANGS = Object.keys(LANGUAGE_DATA) as Lang[];

/** Folded text with its words separated by single spaces, for phrase lookups. */
function plain(text: string): string {
  return ` ${fold(text)
    .replace(/['’]/g, "'")
    .replace(/[^\p{L}\p{N}'@.-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

function hasPhrase(text: string, phrases: string[]): boolean {
  const p = plain(text);
  return phrases.some((ph) => p.includes(` ${plain(ph).trim()} `));
}

/** The language of a text: detected when clear, else the given tag's family, else English. */
export function statementLanguage(text: string, fallback?: string): Lang {
  return (detectLanguage(text).language as Lang | undefined) ?? languageFamily(fallback) ?? 'en';
}

/** A "who" that opens a cleft statement, its verb of being, and what names the person after it (a possessive, an article). */
const CLEFT_WHO = new Set(['quem', 'quien', 'who', 'wer']);
const CLEFT_BE = new Set(['e', 'eh', 'es', 'is', 'ist', 'sera', 'will']);
const CLEFT_NEXT = new Set(['meu', 'minha', 'o', 'a', 'mi', 'el', 'la', 'my', 'mein', 'meine', 'der', 'die', 'be']);

/** Is this sentence a question (a "?" or an opening question word)? */
export function isQuestion(sentence: string, lang: Lang): boolean {
  if (/\?/.test(sentence)) return true;
  const first = wordsOf(sentence)[0]?.word;
  const d = LANGUAGE_DATA[lang];
  return Boolean(first && d.questionWords.includes(fold(first)) && !/^(?:do|is|are|am|was|were|can|could|would|have|has|did|does)$/.test(fold(first)));
}

/** The question words of lang/*.ts `asking` (asking.ts). */
const WH = INTERROGATIVES;
const WH_LEAD = INTERROGATIVE_LEADS;
const WH_SECOND = AFTER_LEAD;

/** Does the sentence open like a question, with or without "?" ("em que dia é a entrevista", "when's the surgery again lol")? */
export function opensLikeQuestion(sentence: string, lang: Lang): boolean {
  const words = wordsOf(stripOpeners(sentence, lang)).map((w) => fold(w.word).replace(/['’]s?$/, ''));
  // "quem recebe é meu neto gustavo", "quien lo recoge es mi marido", "who picks it up is my son": who it is, told.
  if (!/\?/.test(sentence) && CLEFT_WHO.has(words[0] ?? '')) {
    const be = words.findIndex((w, k) => k >= 2 && k <= 4 && CLEFT_BE.has(w));
    if (be > 0 && CLEFT_NEXT.has(words[be + 1] ?? '')) return false;
  }
  if (isQuestion(sentence, lang)) return true;
  if (!words.length) return false;
  // "zurück zum thema: wie alt ist meine tochter nochmal": what follows a colon asks.
  const colon = sentence.indexOf(': ');
  if (colon > 0 && WH.has(fold(wordsOf(sentence.slice(colon + 2))[0]?.word ?? ''))) return true;
  // "is this the clinic or a person", "am i talking to a real person": a verb before its subject (four words at least: "…, is
  // that ok" after a statement is a tag, the statement is what was said).
  const inverted = LANGUAGE_DATA[lang].asking.inverted;
  const [verb, subject] = inverted?.verbSecond ? wordsOf(sentence).map((w) => fold(w.word)) : words;
  if (words.length > 3 && inverted?.verbs.includes(verb) && inverted.subjects.includes(subject)) return true;
  if (words.length > 3 && inverted?.modals?.includes(verb) && inverted.subjects.includes(subject) && !proposesValue(sentence, lang)) return true;
  if (WH.has(words[0]) && !(words[0] === 'ou' && lang !== 'fr') && !(words[0] === 'quand' || words[0] === 'comment' ? words.length < 2 : false)) return true;
  // "que horas eu mandei", "que dia vocês vêm": a relative with the noun of a kind of value asked (lang/*.ts `answerTypes`).
  if (words.length > 2 && kindPhrases(lang).has(`${words[0]} ${words[1]}`)) return true;
  if (!(WH_LEAD.has(words[0]) && words.length > 1 && WH_SECOND.has(words[1]))) return false;
  if (words[1] !== 'que') return true;
  // "o que me acalma é correr" is a statement; "o que eu disse que me acalma" a question.
  if ((words[0] === 'o' || words[0] === 'lo') && words.slice(2).some((w) => w === 'e' || w === 'es' || w === 'era' || w === 'fue' || w === 'foi')) return false;
  return /^(?:o|em|de|a|en)$/.test(words[0]);
}

/** Does the sentence propose a day or a time: a time of day, a date or a weekday (not a number alone)? */
export function proposesTime(sentence: string, lang: Lang): boolean {
  return TIME_OF_DAY.test(sentence) || wordsOf(sentence).some((w) => weekdays(lang).has(fold(w.word))) || termsOf(sentence, lang).dates.length > 0;
}

/**
 * The day and time a proposal names, from its first day, date or time word to the end ("can i pick it up thursday after
 * work, around 6" → "thursday after work, around 6"; "o técnico pode vir terça de manhã" → "terça de manhã"), with the
 * preposition or article before it ("às 15h", "on the 22nd").
 */
export function proposedWhen(sentence: string, lang: Lang): string | undefined {
  const words = wordsOf(sentence);
  const months = monthsOf(lang);
  const k = words.findIndex((w) => weekdays(lang).has(fold(w.word)) || months.has(fold(w.word)) || /\d/.test(w.word));
  if (k < 0) return undefined;
  const before = fold(words[k - 1]?.word ?? '');
  const lead = LANGUAGE_DATA[lang].asking.leads.includes(before) || (before.length <= 2 && isStopWord(before, lang));
  const start = k > 0 && lead ? k - 1 : k;
  return (
    trimEnd(
      sentence
        .slice(words[start].index)
        .replace(/[?¿!]+/gu, '')
        .trim(),
    ) || undefined
  );
}

/** Does the sentence name a value it could propose: a number, a time of day, a date or a weekday? */
function proposesValue(sentence: string, lang: Lang): boolean {
  return (
    /\d/.test(sentence) ||
    TIME_OF_DAY.test(sentence) ||
    wordsOf(sentence).some((w) => weekdays(lang).has(fold(w.word))) ||
    termsOf(sentence, lang).dates.length > 0
  );
}

/** The two-word phrases of lang/*.ts `answerTypes` that open with a relative ("que horas", "que dia"), folded. */
const kindPhrases = perLanguage((lang) => {
  const d = LANGUAGE_DATA[lang];
  const relatives = new Set(d.asking.relatives.map(fold));
  return new Set(
    Object.values(d.answerTypes)
      .flat()
      .map((ph) => plain(ph).trim())
      .filter((ph) => ph.split(' ').length === 2 && relatives.has(ph.split(' ')[0])),
  );
});

/** Does the sentence say something worth remembering: not a question, not only greetings and thanks? */
function worthKeeping(sentence: string, lang: Lang): boolean {
  if (opensLikeQuestion(sentence, lang)) return false;
  const t = termsOf(sentence, lang);
  const small = new Set(LANGUAGE_DATA[lang].smallTalk.map(fold));
  const content = t.stems.filter((s) => !small.has(s));
  const values = t.numbers.length + t.codes.length + t.emails.length;
  return content.length >= 2 || (content.length >= 1 && values > 0) || values > 0;
}

/**
 * The statements of one user message, as facts (kind `statement`, key = language, value = the folded
 * sentence, text = the sentence). Questions, greetings and thanks are not statements. Secrets (passwords,
 * PINs, card numbers) are never kept.
 */
export function extractStatements(message: string, opts?: { language?: string }): Fact[] {
  // Each turn reads the history's messages again (buildStatements): recent answers are remembered.
  return STATEMENT_CACHE.get(`${opts?.language ?? ''}\u0000${message ?? ''}`, () => extractStatementsUncached(message, opts));
}

/** The recent answers of extractStatements (recent-answers.ts): 5,000 entries, 1 MB estimated at most. */
const STATEMENT_CACHE = new RecentAnswers<Fact[]>(5000, 1024 * 1024, copyList);

function extractStatementsUncached(message: string, opts?: { language?: string }): Fact[] {
  const typed = squish(wellFormed(message ?? ''));
  if (!typed) return [];
  const out: Fact[] = [];
  const whole = statementLanguage(typed, opts?.language);
  // Kept with its chat shorthand written out ("tb to com um problema q o app trava" → "também to com um problema que…").
  const text = expandShorthand(typed, whole);
  const keep = (sentence: string, lang: Lang) => out.push({ kind: STATEMENT_KIND as Fact['kind'], key: lang, value: fold(trimEnd(sentence)), text: sentence });
  for (const raw of joinFragments(joinCorrections(splitSentences(text)))) {
    let sentence = squish(raw).slice(0, MAX_STATEMENT_CHARS);
    // The clauses that give a secret are dropped, the others kept ("o nome da rede é CASA_5G e a senha é girassol24").
    if (saysSecret(sentence)) sentence = withoutSecrets(sentence);
    if (!sentence) continue;
    const lang = statementLanguage(sentence, whole);
    // A question that opens with no question word ("¿me das algún truco…?", "vc viu o jogo ontem?") asks too: only what it
    // tells is kept, not the question.
    // So does a request to say back what was told ("me passa a senha q eu te falei", "can u read me back the address").
    const asks = opensLikeQuestion(sentence, lang) || /\?\s*$/u.test(sentence) || asksToTellBack(sentence, lang);
    if (!asks && worthKeeping(sentence, lang)) keep(sentence, lang);
    else if (asks) for (const fact of factsInQuestion(sentence, lang)) keep(fact, lang);
  }
  return out;
}

/** Auxiliaries and modals that open a yes/no question or a request (lang/*.ts `asking.auxiliaries`). */
const ASKING = AUXILIARIES;

/** A language's first-person words ("my", "meu", "mi", "mon", "mein": lang/*.ts `firstPerson`), folded. */
const firstPersonOnly = perLanguage((lang) => new Set(LANGUAGE_DATA[lang].firstPerson.map(fold)));
/** Does the text speak of the person: one of the language's first-person words ("i", "my", "eu", "mi", "mein")? */
export function speaksOfSelf(text: string, lang: Lang): boolean {
  const mine = firstPersonOnly(lang);
  return wordsOf(text).some((w) => mine.has(fold(w.word)) || mine.has(fold(w.word).replace(/['’].*$/, '')));
}
/** A language's first-person verb forms ("vivo", "moro": the keys of lang/*.ts `verbs`), folded. */
const verbForms = perLanguage((lang) => new Set(Object.keys(LANGUAGE_DATA[lang].verbs).map(fold)));
/** A language's first-person words and verb forms, folded. */
const firstPersonWords = perLanguage((lang) => new Set([...firstPersonOnly(lang), ...verbForms(lang)]));

/**
 * What a question tells besides asking: a clause about the person ("I'm allergic to peanuts, is the cake safe?" → "I'm
 * allergic to peanuts"), or a proposal that names a time ("pode ser sexta às 15h?" → "pode ser sexta às 15h"). A question
 * about what was said, or one opening with a question word, tells nothing.
 */
function factsInQuestion(sentence: string, lang: Lang): string[] {
  if (asksWhatWasSaid(sentence, lang)) return [];
  const out: string[] = [];
  const clauses = sentence
    .split(/\s*[,;]\s+|\s+(?:but|mas|pero|mais)\s+/iu)
    .map((c) => trimEnd(c.replace(/[?¿]+/gu, '').trim()))
    .filter(Boolean);
  // A first-person word or verb form ("tengo dos gatos": pro-drop languages name no subject).
  const firstPerson = firstPersonWords(lang);
  const interrogatives = askingWords(lang);
  if (clauses.length > 1) {
    for (const clause of clauses) {
      const words = wordsOf(clause).map((w) => fold(w.word));
      if (!words.length || ASKING.has(words[0]) || opensLikeQuestion(clause, lang)) continue;
      // Or about someone the person named, with no question word in it ("ela é alérgica a dipirona, tá no cadastro?").
      const aboutSomeone = (referentsOf(clause).length > 0 || pointsBack(clause, lang) !== undefined) && !words.some((w) => interrogatives.has(w));
      // Or a duration it proposes ("tu peux me proposer un programme, 20 min par jour ?").
      const lasts = DURATION.test(clause) && !words.some((w) => interrogatives.has(w));
      if (!(words.some((w) => firstPerson.has(w) || firstPerson.has(w.replace(/'$/, ''))) || aboutSomeone || lasts) || !worthKeeping(clause, lang)) continue;
      out.push(clause);
    }
  }
  // A proposal with a time: not a question word's question ("when is…"), but "can we do friday at 3pm?".
  const whole = trimEnd(sentence.replace(/[?¿]+/gu, '').trim());
  const [first, second] = wordsOf(whole).map((w) => fold(w.word).replace(/['’]s?$/, ''));
  // "¿qué tengo el día 3?", "quê": "que" is a question word when accented or after "¿" (else a conjunction).
  const asksWhat = /^\s*(?:¿\s*qu[eé]|qu[éê])(?![\p{L}])/iu.test(sentence);
  // Who someone of the person's is, told in passing ("je peux venir avec mon chien oscar ?", "can i bring my dog Rex?"): kept
  // as that alone ("mon chien, c'est oscar"), never as what the question asks ("you told me you can come with your dog").
  const named = out.length ? undefined : ownRelationNamed(whole, lang);
  if (named) out.push(named);
  if (!out.length && first && !asksWhat && !WH.has(first) && !(WH_LEAD.has(first) && WH_SECOND.has(second ?? ''))) {
    const t = termsOf(whole, lang);
    // So with a person one would be with ("pode ser com a Kelly?", "could I go with Dr Ames?").
    // A date named by a weekday or in digits, not "ontem" / "last night" ("vc viu o jogo ontem?" proposes nothing); a person
    // by a capitalized name ("¿me das algún truco para no perderme con los personajes?" is with nobody).
    const day =
      (t.dates.length > 0 && (/\d/.test(whole) || wordsOf(whole).some((w) => weekdays(lang).has(fold(w.word))))) ||
      (DAY_OF_MONTH.test(whole) && ASKING.has(first));
    const named = companionNames(whole, lang).some((n) => wordsOf(whole).some((w) => fold(w.word) === fold(n) && /^\p{Lu}/u.test(w.raw)));
    if ((day || TIME_OF_DAY.test(whole) || named) && t.stems.length >= 1) out.push(whole);
  }
  return out;
}

/**
 * Someone of the person's the text names by their name, as lang/*.ts `namedAs` keeps it: a first-person possessive, a
 * relation or pet word, then a name ("mon chien oscar", "my dog Rex", "minha filha Ana"). A name in lower case must be a
 * word that could be one (facts.ts `couldBeName`: no function word, job or, in English, dictionary word): "my son usually"
 * names no one.
 */
function ownRelationNamed(text: string, lang: Lang): string | undefined {
  const words = wordsOf(text);
  const mine = firstPersonOnly(lang);
  const k = words.findIndex(
    (w, k) =>
      k + 2 < words.length &&
      mine.has(fold(w.word)) &&
      referentsOf(words[k + 1].raw).length > 0 &&
      /^\p{L}+$/u.test(words[k + 2].raw) &&
      (/^\p{Lu}/u.test(words[k + 2].raw) ? !isStopWord(words[k + 2].word, lang) : couldBeName(words[k + 2].word, lang)),
  );
  if (k < 0) return undefined;
  return LANGUAGE_DATA[lang].namedAs.replace('{who}', `${words[k].raw} ${words[k + 1].raw}`).replace('{name}', words[k + 2].raw);
}

/** A day of the month chrono-node reads no date in ("can she be seen on the 14th?", "pode ser dia 9?", "am 12."), no hour. */
const DAY_OF_MONTH =
  /(?<![\p{L}\p{N}])\d{1,2}(?:st|nd|rd|th|º|ª)(?![\p{L}])|(?<![\p{L}])(?:dia|día|am|le|el)\s\d{1,2}(?![\p{N}:]|\s?(?:h|hs|uhr|horas?|heures?|am|pm)(?![\p{L}]))/iu;

/** DAY_OF_MONTH, every one a text gives. */
const DAYS_OF_MONTH = new RegExp(DAY_OF_MONTH.source, 'giu');

/** Sentences, not split after a title ("Dr. Okafor", "Sra. Lima"). */
function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const s of sentences(text)) {
    const prev = out.at(-1);
    if (
      prev &&
      /(?:^|\s)(?:dr|dra|mr|mrs|ms|sr|sra|srta|st|prof|mme|mlle|m|no|nr|num|núm|tel|ref|apt|apto|ca|approx|aprox|av|avda|avd|pca|rod|incl|excl|inkl|exkl|bzw|ggf|evtl|str|vs)\.$/iu.test(
        prev,
      )
    )
      out[out.length - 1] += ` ${s}`;
    // A fragment that only gives a value ("final 5521.", "ref PX-204.") belongs with the sentence before it, which says what
    // it is about: "meu cartão foi bloqueado hoje. final 5521." is one statement.
    else if (prev && !/\?\s*$/.test(prev) && !/\?/.test(s) && /\d/.test(s) && wordsOf(s).length <= 3 && !opensAsCorrection(s)) out[out.length - 1] += ` ${s}`;
    else out.push(s);
  }
  return out;
}

/**
 * A question goes on in a fragment after it that gives a value ("o técnico pode vir sabado de manha? tipo 9h", "can she be
 * seen on the 14th? afternoon if poss."): at most three words with a number, read as one sentence with the question.
 */
function joinFragments(sentences: string[]): string[] {
  const out: string[] = [];
  for (const s of sentences) {
    const prev = out.at(-1);
    if (prev && /\?\s*$/u.test(prev) && !/\?/.test(s) && s.split(/\s+/u).length <= 3 && /\d/.test(s))
      out[out.length - 1] = `${prev.replace(/\s*\?+\s*$/u, '')}, ${s}`;
    else out.push(s);
  }
  return out;
}

/**
 * A correction goes on in the next sentence when that one gives a value of a kind the correction also names: "me enganei:
 * dia 14 ela tem passeio. Melhor dia 18 de manhã." is one statement, its reason (the old value) first, then the new value,
 * so that the new value supersedes the old one and the reason's clause can be left out when told back.
 */
function joinCorrections(sentences: string[]): string[] {
  // A capitalized word opening the sentence is no name ("Melhor dia 18"), a day or a number is ("Sunday at 10 works").
  const shapes = (s: string) =>
    new Set(
      valuesAt(s)
        .filter((x) => x.at > 0 || valueShape(x.v) !== 'name')
        .map((x) => valueShape(x.v)),
    );
  const out: string[] = [];
  for (const s of sentences) {
    const prev = out.at(-1);
    if (prev && opensAsCorrection(prev) && !/\?/.test(s) && !/\?/.test(prev) && [...shapes(s)].some((x) => shapes(prev).has(x)) && !opensAsCorrection(s))
      out[out.length - 1] = `${prev} ${s}`;
    else out.push(s);
  }
  return out;
}

const SECRET =
  /\b(?:password|passcode|senha|contrasena|mot de passe|passwort|kennwort|pin|cvv|cvc|card number|numero do cartao|numero de tarjeta|numero de carte|kartennummer)\b/g;

/**
 * Does the sentence give a secret: a secret's name followed by what it is ("my password is hunter2", "a senha: abc123", "pin
 * 4821") or by digits within a few words ("card number 4111 1111…")? Naming one is no secret ("metí mal el pin 3 veces",
 * "forgot my password"): such a sentence is kept.
 */
function saysSecret(sentence: string): boolean {
  const folded = fold(sentence);
  for (const m of folded.matchAll(SECRET)) {
    const after = folded.slice(m.index + m[0].length, m.index + m[0].length + 40);
    if (/^\s*(?:[:=]|is|e|eh|es|est|ist|era|was|lautet)\s+\S/u.test(after) || /^\s*[:=]?\s*\S*\d{3,}/u.test(after) || /^\D{0,15}\d{3,}/u.test(after))
      return true;
  }
  return false;
}

/** A sentence's clauses (split at commas, semicolons and "and" in the five languages) that give no secret, joined. */
function withoutSecrets(sentence: string): string {
  const kept = sentence.split(/\s*[,;]\s*|\s+(?:and|e|y|et|und)\s+/u).filter((c) => c.trim() && !saysSecret(c));
  const out = kept.join(', ').trim();
  // Kept when what is left holds a value of its own ("the card ends in 4417", "a rede é CASA_MORAES_5G").
  return out && wordsOf(out).length >= 3 && /[\p{N}@]|\p{Lu}{2}/u.test(out) ? out : '';
}

/** The dedupe slot of a statement fact. */
export function statementSlot(f: Pick<Fact, 'value'>): string {
  return `statement|${hash(f.value)}`;
}

/** Is this fact a statement? */
export function isStatementFact(f: Pick<Fact, 'kind'>): boolean {
  return (f.kind as string) === STATEMENT_KIND;
}

// ---------------------------------------------------------------------------------------------
// Corrections
// ---------------------------------------------------------------------------------------------

/** Days of the week in the five languages: "le contrôle est jeudi, pas vendredi" corrects a day. */
const DAYS = String.raw`(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tues|thurs|weds|segunda|terça|terca|quarta|quinta|sexta|sábado|sabado|domingo|lunes|martes|miércoles|miercoles|jueves|viernes|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag)`;
/**
 * A value: a number or code (a decimal comma inside: "-2,25"; a postcode in two groups: "HG2 7PR", "K1A 0B1"), an e-mail, a
 * capitalized name ("Ramón y Cajal"), or a day.
 */
const VALUE = String.raw`(?:[\p{L}\p{N}@._%+-]|,(?=\p{N})|(?<=\p{N}):(?=\p{N}))*[\p{N}@](?:[\p{L}\p{N}@._%+-]|,(?=\p{N})|(?<=\p{N}):(?=\p{N})|(?<=\p{N}) (?=\p{N}{3}(?![\p{N}\p{L}]))|(?<=\p{Lu}\p{N}\p{Lu}?) (?=\p{N}\p{Lu}[\p{Lu}\p{N}](?![\p{L}\p{N}])))*|\p{Lu}[\p{L}'’-]+(?: (?:(?:de|da|do|del|y|e|van|von|di|du) )?\p{Lu}[\p{L}'’-]+)*|${DAYS}s?(?![\p{L}])`;

/**
 * The values a text corrects: "It's 88213-B, not 88231-B", "é 774521, não 774512", "es 55-9013, no 55-9031",
 * "c'est 4412 et pas 4421"; values are numbers, codes, e-mails or capitalized names.
 */
export function findCorrections(text: string): Correction[] {
  return CORRECTION_CACHE.get(text ?? '', () => findCorrectionsUncached(text));
}

/** The recent answers of findCorrections (recent-answers.ts): each turn reads every statement of the history again. */
const CORRECTION_CACHE = new RecentAnswers<Correction[]>(5000, 512 * 1024, copyList);

function findCorrectionsUncached(text: string): Correction[] {
  const out: Correction[] = [];
  const nots = notAlternation();
  // "25th anniversary, not the 15th", "1100 euros, pas 900": up to two words may follow the new value.
  const re = new RegExp(
    String.raw`(?<![\p{L}\p{N}])(${VALUE})((?:\s+(?:[\p{Ll}][\p{L}'’-]*|Uhr))(?:\s+[\p{Ll}][\p{L}'’-]*)?)?[.,;:!]?\s*(?:,\s*)?(?:(?:and|e|y|et|mais|but|pero|mas)\s+)?(?<![\p{L}\p{N}])(?:${nots}|não|é não|no es|n'est pas|not)\s+(?:(?:the|o|a|el|la|los|las|le|de|du|del|au|al|do|da|no|na|en|um|uma|un|una|une|an|am|at|on|às|as|à)\s+){0,2}(${VALUE})`,
    'gu',
  );
  for (const m of (text ?? '').matchAll(re)) {
    const to = trimEnd(m[1]);
    const from = trimEnd(m[3]);
    if (!to || !from || fold(to) === fold(from)) continue;
    // Both must be of one shape: two codes, two e-mails, two days or two names.
    if (valueShape(to) !== valueShape(from) || valueShape(to) === 'word') continue;
    const words = (m[2] ?? '').trim();
    // "19 uhr, nicht 19:30": a bare hour replacing a time of day takes its hour word ("19 uhr", not "19").
    const unit = /^\d{1,2}$/.test(to) && TIME_OF_DAY.test(from) ? /^(?:uhr|h|hs|hrs?|horas?|heures?|am|pm|o'clock)(?![\p{L}])/iu.exec(words)?.[0] : undefined;
    if (unit) out.push({ from, to: `${to} ${unit}` });
    else out.push(words && !new RegExp(String.raw`^(?:${nots}|não)\b`, 'iu').test(words) ? { from, to, said: `${to} ${words}` } : { from, to });
  }
  // "sorry i meant Cork, not dublin": in a sentence opening as a correction, the old name may be written in lower case.
  if (!out.length && opensAsCorrection(text ?? '')) {
    const lower = new RegExp(
      // A pause before the "not" ("Cork, not dublin"): "el jueves Julián no puede" rules nothing out.
      String.raw`(?<![\p{L}\p{N}])(\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)*)\s*[,;–—-]\s*(?:${nots}|não)\s+(?:(?:the|o|a|el|la|le|de|do|da|en|em|in|at|à)\s+)?(\p{Ll}[\p{L}'’-]+(?: \p{Ll}[\p{L}'’-]+)?)(?=\s*(?:[,.;:!?]|$))`,
      'gu',
    );
    for (const m of (text ?? '').matchAll(lower)) {
      const to = trimEnd(m[1]);
      const from = trimEnd(m[2]);
      if (fold(to) !== fold(from) && !from.split(' ').some((w) => (['en', 'pt', 'es', 'fr'] as Lang[]).some((l) => isStopWord(w, l)))) out.push({ from, to });
    }
  }
  for (const c of numberWordCorrections(text ?? '')) if (!out.some((o) => fold(o.from) === fold(c.from))) out.push(c);
  for (const c of notThenCorrections(text ?? '')) if (!out.some((o) => fold(o.from) === fold(c.from))) out.push(c);
  for (const c of markedInside(text ?? '')) if (!out.some((o) => fold(o.from) === fold(c.from))) out.push(c);
  for (const c of turnedCorrections(text ?? '')) if (!out.some((o) => fold(o.from) === fold(c.from))) out.push(c);
  for (const c of groupedCorrections(text ?? '')) if (!out.some((o) => fold(o.from) === fold(c.from))) out.push(c);
  for (const c of ratherCorrections(text ?? '')) if (!out.some((o) => fold(o.from) === fold(c.from))) out.push(c);
  return out;
}

let NOTS: string | undefined;
/** Every language's "not" (lang/*.ts `notWords`, folded) as one alternation for an expression. */
function notAlternation(): string {
  return (NOTS ??= [...new Set(Object.values(LANGUAGE_DATA).flatMap((d) => d.notWords.map(fold)))].join('|'));
}

let RATHER: string | undefined;
/**
 * The "not" of "not X but Y" (lang/*.ts `notWords`, and "não" as written), an article perhaps, then `value`, a word perhaps,
 * and the "but" (lang/*.ts `butWords`): shared by the reading of such corrections and their removal from a statement.
 */
function ratherPattern(value: string): string {
  RATHER ??= [...new Set(Object.values(LANGUAGE_DATA).flatMap((d) => d.butWords))].join('|');
  return String.raw`(?<![\p{L}\p{N}])(?:${notAlternation()}|não)\s+(?:${DETERMINER}\s+)?${value}(?:\s+[\p{L}\p{N}'’-]+)?\s*,?\s+(?:${RATHER})\s+`;
}

/** An article or a determiner between "not" and its value ("not the red one", "nicht den blauen"). */
const DETERMINER = String.raw`(?:the|a|an|den|die|das|der|dem|ein|eine|einen|o|a|os|as|um|uma|el|la|los|las|un|una|le|les|une|du|des)`;
/** The person's own before the new value ("keine heiratsurkunde sondern meine scheidungsurkunde"). */
const POSSESSIVE = String.raw`(?:my|our|meu|minha|meus|minhas|nosso|nossa|mi|mis|nuestro|nuestra|mon|ma|mes|notre|nos|mein|meine|meinen|meinem|meiner|unser|unsere)`;
/** The first words of "not only X but also Y", which corrects nothing. */
const ONLY = new Set(['only', 'just', 'nur', 'so', 'solo', 'solamente', 'seulement', 'somente', 'apenas']);

/**
 * "nicht matt, sondern glänzend", "not 6 but 9", "não a azul, e sim a verde", "no el martes sino el jueves", "pas mardi mais
 * jeudi": the value after "not" is replaced by the one after "but", words as well as numbers (the form says it is a
 * correction). One word each; a number replaces a number only.
 */
function ratherCorrections(text: string): Correction[] {
  const word = String.raw`([\p{L}\p{N}][\p{L}\p{N}'’-]*)`;
  const re = new RegExp(ratherPattern(word) + String.raw`(?:(?:${DETERMINER}|${POSSESSIVE})\s+)?${word}`, 'giu');
  const out: Correction[] = [];
  for (const m of text.matchAll(re)) {
    const [from, to] = [m[1], m[2]];
    if (ONLY.has(fold(from)) || fold(from) === fold(to) || /\p{N}/u.test(from) !== /\p{N}/u.test(to)) continue;
    // "non je rigole mais dis-moi…": a "no" before a pronoun says no to what was asked, it rules out no value.
    if (ALL_LANGS.some((l) => isStopWord(from, l) || isStopWord(to, l))) continue;
    out.push({ from, to });
  }
  return out;
}

let NUMBER_WORDS: string | undefined;
/** The number words of every language (lang/*.ts `ago.numbers`) above one ("a", "um", "un" are articles too), longest first. */
function numberWordsPattern(): string {
  NUMBER_WORDS ??= [
    ...new Set(
      Object.values(LANGUAGE_DATA).flatMap((d) =>
        Object.entries(d.ago.numbers)
          .filter(([, n]) => n > 1)
          .map(([w]) => fold(w)),
      ),
    ),
  ]
    .sort((a, b) => b.length - a.length)
    .join('|');
  return NUMBER_WORDS;
}

/** Is the value a number, in digits or words ("11", "eleven", "diez")? */
function isNumberValue(v: string): boolean {
  return /^\d+$/u.test(v) || new RegExp(`^(?:${numberWordsPattern()})$`, 'u').test(fold(v));
}

/**
 * "my last day at the flat is the 28th, oops, make that the 30th": a correction marker of lang/*.ts inside a sentence, after
 * a value, with a value of the same shape right after it (three words at most): the second replaces the first.
 */
function markedInside(text: string): Correction[] {
  const folded = fold(text);
  if (folded.length !== text.length) return [];
  const values = valuesAt(text);
  if (values.length < 2) return [];
  const out: Correction[] = [];
  for (const marker of insideMarkerExpressions()) {
    for (const hit of folded.matchAll(marker)) {
      const at = hit.index ?? 0;
      const end = at + hit[0].length;
      const to = values.find((v) => v.at >= end && wordsOf(text.slice(end, v.at)).length <= 3);
      const from =
        to &&
        [...values]
          .reverse()
          .find(
            (v) => v.end <= at && valueShape(v.v) === valueShape(to.v) && fold(v.v) !== fold(to.v) && (valueShape(v.v) !== 'code' || comparable(v.v, to.v)),
          );
      if (to && from && !out.some((o) => fold(o.from) === fold(from.v))) out.push({ from: from.v, to: to.v });
    }
  }
  return out;
}

let INSIDE_MARKER_RES: RegExp[] | undefined;
/** One expression per correction marker of every language (folded), after a pause, made once (markedInside). */
function insideMarkerExpressions(): RegExp[] {
  INSIDE_MARKER_RES ??= Object.values(LANGUAGE_DATA).flatMap((d) =>
    d.correctionMarkers.map((m) => new RegExp(String.raw`(?<=[,;.!]\s*)${escapeRe(fold(m)).replace(/ /g, String.raw`[\s,]+`)}(?![\p{L}])`, 'gu')),
  );
  return INSIDE_MARKER_RES;
}

/**
 * "no somos 6, somos 8", "não é dia 12, é dia 14", "nicht 3, 4 Nächte": "not" and a number, then after a comma another
 * number, with the same word before it as before the first when there is one: the second replaces the first.
 */
let NOT_THEN: RegExp | undefined;
function notThenCorrections(text: string): Correction[] {
  const num = String.raw`(\d+(?:[.,:h]\d+)?)`;
  NOT_THEN ??= new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?:${notAlternation()}|não)\s+(?:([\p{L}]+)\s+)?${num}\s*[,;]\s*(?:([\p{L}]+)\s+)?${num}(?![\p{N}])`,
    'giu',
  );
  const out: Correction[] = [];
  for (const m of text.matchAll(NOT_THEN)) {
    const [, lead, from, again, to] = m;
    if (from === to || (again && (!lead || fold(again) !== fold(lead)))) continue;
    out.push({ from, to });
  }
  return out;
}

/** "que sean diez, no ocho", "eleven, not nine": number words correct each other as digits do. */
function numberWordCorrections(text: string): Correction[] {
  const folded = fold(text);
  if (folded.length !== text.length) return [];
  const nots = notAlternation();
  const w = `(${numberWordsPattern()})`;
  const re = new RegExp(
    String.raw`(?<![\p{L}\p{N}])${w}[.,;:!]?\s*(?:,\s*)?(?:(?:and|e|y|et|mais|but|pero|mas)\s+)?(?:${nots}|nao|not)\s+${w}(?![\p{L}\p{N}])`,
    'gu',
  );
  const out: Correction[] = [];
  for (const m of folded.matchAll(re)) {
    const at = m.index ?? 0;
    const to = text.slice(at, at + m[1].length);
    const fromAt = at + m[0].length - m[2].length;
    const from = text.slice(fromAt, fromAt + m[2].length);
    if (fold(to) !== fold(from)) out.push({ from, to });
  }
  return out;
}

/**
 * "es el domingo 9, no el sábado 8", "Friday the 12th, not Thursday the 11th": a group of values (a day and its date) corrects
 * the group after "not" value by value, each with the one of its own shape (sábado → domingo, 8 → 9).
 */
function groupedCorrections(text: string): Correction[] {
  const nots = notAlternation();
  const link = String.raw`\s+(?:(?:the|de|del|do|da|den|der|am|le|el|o|a)\s+)?`;
  const group = String.raw`(?:${VALUE})(?:${link}(?:${VALUE})){1,2}`;
  const re = new RegExp(
    String.raw`(?<![\p{L}\p{N}])(${group})[.,;:!]?\s*(?:,\s*)?(?:(?:and|e|y|et|mais|but|pero|mas)\s+)?(?:${nots}|não|not)\s+(?:(?:the|o|a|el|la|le|de|do|da|no|na|en|am|um)\s+)?(${group})`,
    'gu',
  );
  const out: Correction[] = [];
  for (const m of text.matchAll(re)) {
    const to = valuesAt(m[1]);
    const from = valuesAt(m[2]);
    for (const f of from) {
      const t = to.find((x) => valueShape(x.v) === valueShape(f.v));
      if (t && fold(t.v) !== fold(f.v) && !out.some((o) => fold(o.from) === fold(f.v))) out.push({ from: f.v, to: t.v });
    }
  }
  return out;
}

/**
 * "ive started going on saturdays instead, sundays are too busy", "mettons le jeudi soir à la place", "sie startet doch erst
 * am 15.": the value nearest to one of lang/*.ts `insteadWords` replaces the latest earlier value of its shape, which the
 * sentence may say again as its reason (there it stays: `by`).
 */
function insteadCorrection(sentence: string, before: string[]): Correction | undefined {
  // Most sentences say no instead word in any language: the language detector runs only for those that do.
  if (!saysInstead(sentence)) return undefined;
  const lang = statementLanguage(sentence);
  if (!saysInstead(sentence, lang)) return undefined;
  const folded = fold(sentence);
  if (folded.length !== sentence.length) return undefined;
  const spans = LANGUAGE_DATA[lang].insteadWords.flatMap((w) =>
    [...folded.matchAll(new RegExp(String.raw`(?<![\p{L}])${escapeRe(fold(w)).replace(/ /g, String.raw`\s+`)}(?![\p{L}])`, 'gu'))].map((m) => ({
      at: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
    })),
  );
  // A date replaces a date ("sie startet doch erst am 15. september" after "ab 1. september"), as chrono-node reads them.
  // A day of the month, not a time of day ("bis 17 uhr") nor a weekday alone ("le jeudi soir": weekdays are values below).
  const calendarDate = (text: string, l: Lang) => {
    const span = dateSpan(text, l);
    return span && /\d/.test(span) && !saysHour(span, l) ? stripLeads(span, l) : undefined;
  };
  const toDate = calendarDate(sentence, lang);
  if (toDate) {
    for (const text of before.slice(-IMPLIED_REACH * 2).reverse()) {
      const date = calendarDate(text, statementLanguage(text));
      if (date && fold(date) !== fold(toDate)) return { from: date, to: toDate };
    }
  }
  const values = valuesAt(sentence);
  const gap = (v: { at: number; end: number }) => Math.min(...spans.map((s) => (v.end <= s.at ? s.at - v.end : v.at >= s.end ? v.at - s.end : 0)));
  const to = [...values].sort((a, b) => gap(a) - gap(b))[0];
  if (!to || gap(to) > 25) return undefined;
  const one = (v: string) => fold(v).replace(/(?<=day|tag|di|nes|les|edi|che|go|do|ta)s$/u, '');
  const earlier = before
    .slice(-IMPLIED_REACH * 2)
    .flatMap((text) => valuesAt(text).map((x) => x.v))
    .reverse()
    .filter((w) => valueShape(w) === valueShape(to.v) && one(w) !== one(to.v) && (valueShape(w) !== 'code' || comparable(w, to.v)));
  // The one the sentence says again ("le mardi c'est plus possible, mettons le jeudi à la place"), said before or not ("en
  // fait plutôt le 13, le 12 y a un match"), else the latest.
  const again = new Set(values.map((x) => one(x.v)));
  const other = values.find((x) => x !== to && valueShape(x.v) === valueShape(to.v) && one(x.v) !== one(to.v))?.v;
  // Else the latest written in the same form, when the new value has letters with its digits ("the 19th instead" after
  // "on the 17th between 8 and 12": the 17th, not the 12).
  const form = (v: string) => fold(v).replace(/\d/g, '0');
  const alike = /\p{L}/u.test(to.v) && /\d/.test(to.v) ? earlier.find((w) => form(w) === form(to.v)) : undefined;
  const from = earlier.find((w) => again.has(one(w))) ?? other ?? alike ?? earlier[0];
  if (!from) return undefined;
  return again.has(one(from)) ? { from, to: to.v, by: sentence } : { from, to: to.v };
}

/** The unit or symbol written right after a number, in the latest text that says it ("20%" → "%", "720 €" → "€"). */
function unitAfter(value: string, texts: string[]): string | undefined {
  const re = new RegExp(String.raw`(?<![\p{L}\p{N}])${escapeRe(value)}\s?([%€$£¥]|(?:km|kg|mg|ml|cm|mm|m2|m²|gb|go|tb)(?![\p{L}]))`, 'iu');
  for (const text of [...texts].reverse()) {
    const m = re.exec(text);
    if (m) return m[1].toLowerCase();
  }
  return undefined;
}

/** The one e-mail address a text gives, if it gives exactly one. */
function emailOf(text: string): string | undefined {
  const all = text.match(EMAIL) ?? [];
  return all.length === 1 ? all[0] : undefined;
}

/** The shape of a value: two values correct each other only when of one shape. */
function valueShape(v: string): 'email' | 'code' | 'day' | 'name' | 'word' {
  return v.includes('@') ? 'email' : /\p{N}/u.test(v) ? 'code' : new RegExp(`^${DAYS}s?$`, 'iu').test(v) ? 'day' : /^\p{Lu}/u.test(v) ? 'name' : 'word';
}

/** The values of a text (numbers, codes, e-mails, names, days) with their positions. */
function valuesAt(text: string): Array<{ v: string; at: number; end: number }> {
  return [...text.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${VALUE})`, 'gu'))]
    .map((m) => ({ v: trimEnd(m[0]), at: m.index ?? 0, end: (m.index ?? 0) + m[0].length }))
    .filter((x) => x.v && valueShape(x.v) !== 'word');
}

/**
 * Corrections in other turns of phrase than "X, not Y": "it says SW9 4RT but it should be SW9 4TR" (the values before the
 * marker, lang/*.ts `shouldBe`, are replaced by those after it, matched from the end), "quinta não dá, pode ser sábado" (a
 * value ruled out, `refusals`, by the next of its kind), "c'est mercredi que je peux le déposer, pas mardi" (a trailing
 * "not Y" whose new value is further back in the sentence).
 */
/** The expressions of the turns of phrase (`shouldBe`, `refusals`), compiled once. */
const PHRASE_RES = new Map<string, RegExp>();

function turnedCorrections(text: string): Correction[] {
  const folded = fold(text).replace(/’/g, "'");
  if (folded.length !== text.length) return [];
  const out: Correction[] = [];
  const pair = (from: string, to: string) => {
    if (fold(from) !== fold(to) && valueShape(from) === valueShape(to) && !out.some((o) => fold(o.from) === fold(from))) out.push({ from, to });
  };
  const at = (phrase: string) => {
    let re = PHRASE_RES.get(phrase);
    if (!re) {
      re = new RegExp(String.raw`(?<![\p{L}\p{N}])${escapeRe(fold(phrase).replace(/’/g, "'"))}(?![\p{L}\p{N}])`, 'u');
      PHRASE_RES.set(phrase, re);
    }
    const m = re.exec(folded);
    return m ? { start: m.index, end: m.index + m[0].length } : undefined;
  };
  const all = valuesAt(text);
  for (const d of Object.values(LANGUAGE_DATA)) {
    for (const phrase of d.shouldBe) {
      const m = at(phrase);
      if (!m) continue;
      const before = all.filter((x) => x.end <= m.start);
      const after = all.filter((x) => x.at >= m.end);
      for (let i = 1; i <= Math.min(before.length, after.length); i++) {
        const b = before[before.length - i];
        const a = after[after.length - i];
        if (valueShape(b.v) === valueShape(a.v)) pair(b.v, a.v);
      }
    }
    for (const phrase of d.refusals) {
      const m = at(phrase);
      if (!m) continue;
      const old = all.filter((x) => x.end <= m.start && m.start - x.end <= 2).at(-1);
      const next = old && all.find((x) => x.at >= m.end && valueShape(x.v) === valueShape(old.v));
      if (old && next) pair(old.v, next.v);
    }
  }
  // "…mercredi que je peux le déposer, pas mardi": the nearest earlier value of the same kind in the sentence.
  const nots = notAlternation();
  const trailing = new RegExp(
    String.raw`[,;]\s*(?:(?:and|e|y|et|mais|but|pero|mas)\s+)?(?:${nots}|não|not)\s+(?:(?:the|o|a|el|la|le|de|do|da|en)\s+)?(${VALUE})`,
    'giu',
  );
  for (const m of text.matchAll(trailing)) {
    const from = trimEnd(m[1]);
    const start = m.index ?? 0;
    const sentenceStart = Math.max(0, ...['.', '!', '?', '\n'].map((p) => text.lastIndexOf(p, start - 1) + 1));
    const to = all.filter((x) => x.at >= sentenceStart && x.end <= start && valueShape(x.v) === valueShape(from)).at(-1);
    if (to) pair(from, to.v);
  }
  return out;
}

/** Does the sentence open (or go on, after a comma) with a correction marker ("actually", "me enganei", "en fait")? */
export function isCorrection(sentence: string, lang?: Lang): boolean {
  return opensAsCorrection(sentence, lang) || saysInstead(sentence, lang) || findCorrections(sentence).length > 0;
}

/** Does the sentence say its value replaces one said before (lang/*.ts `insteadWords`: "saturdays instead"), not "instead of"? */
function saysInstead(sentence: string, lang?: Lang): boolean {
  const langs: Lang[] = lang ? [lang] : ALL_LANGS;
  const text = plain(sentence);
  return langs.some((l) => insteadWords(l).some((w) => text.includes(w)) && !LANGUAGE_DATA[l].insteadOf.some((p) => text.includes(` ${plain(p).trim()} `)));
}
const insteadWords = perLanguage((lang) => LANGUAGE_DATA[lang].insteadWords.map((x) => ` ${plain(x).trim()} `));

/** Does the sentence open with a correction marker of lang/*.ts ("actually", "correção:", "perdón, me equivoqué")? */
function opensAsCorrection(sentence: string, lang?: Lang): boolean {
  const langs: Lang[] = lang ? [lang] : ALL_LANGS;
  const text = plain(sentence);
  const head = text.split(' ').slice(0, 8).join(' ');
  return langs.some((l) => correctionMarkers(l).some((m) => head.includes(m)) || slipMarkers(l).some((m) => text.includes(m)));
}

/** lang/*.ts `slipMarkers` as ` folded words `: "the M at the end was a typo" corrects wherever it is said. */
const slipMarkers = perLanguage((lang) => LANGUAGE_DATA[lang].slipMarkers.map((x) => ` ${plain(x).trim()} `));

/** The correction markers of a language as ` folded words ` (compared inside a plain() text). */
const correctionMarkers = perLanguage((lang) => LANGUAGE_DATA[lang].correctionMarkers.map((x) => ` ${plain(x).trim()} `));

/** Laughter, in any language ("haha", "jajaja", "kkkk", "rsrs", "lol", "mdr"): a pause after a ruled-out word. */
const LAUGH = String.raw`(?:(?:ha|ja|he|je|hi|rs)(?:ha|ja|he|je|hi|rs)+h?|k{3,}|lol|lmao|mdr|xd)`;

/**
 * ", not spin", ", no seis", ", não abril", ", pas le 7": the word a sentence rules out after a comma, before a pause, the
 * end or a laugh (", no la derecha jaja vaya cabeza").
 */
let NOT_CLAUSE: RegExp | undefined;
function notClause(): RegExp {
  if (NOT_CLAUSE) return new RegExp(NOT_CLAUSE);
  const nots = notAlternation();
  NOT_CLAUSE = new RegExp(
    String.raw`\s*[,;]\s*(?:${nots}|não|no es|n'est pas)\s+(?:(?:the|my|an|o|a|os|as|el|la|los|las|le|les|de|do|da|em|en|un|una|um|uma|une|des|du|der|die|das|den|dem|ein|eine|einen|dia|día|day|jour|tag|am|on)\s+)?([\p{L}\p{N}][\p{L}\p{N}-]*)(?=\s*(?:[,.;:!?—–)]|$)|\s+${LAUGH}(?![\p{L}]))`,
    'giu',
  );
  return new RegExp(NOT_CLAUSE);
}

/**
 * The words a correction rules out ("correction: I prefer rowing now, not spin" → spin; "corrección: somos ocho, no seis" →
 * seis): only in a sentence that opens with a correction marker, so "I like tea, not coffee" rules nothing out.
 */
export function ruledOutWords(sentence: string, lang?: Lang): string[] {
  if (!opensAsCorrection(sentence, lang)) return [];
  return [...sentence.matchAll(notClause())].map((m) => fold(m[1])).filter((w) => !(['en', 'pt', 'es', 'fr', 'de'] as Lang[]).some((l) => isStopWord(w, l)));
}

/**
 * A statement without the values it rules out: "somos ocho, no seis, se apuntaron mis cuñados" → "somos ocho, se apuntaron
 * mis cuñados"; "doch lieber mit frau demir statt herrn okafor" → "doch lieber mit frau demir".
 */
export function withoutRuledOut(sentence: string): string {
  return withoutInstead(sentence.replace(notClause(), ''));
}

/** Numbers and codes as written ("IT-20913", "4872", "16h", "CasaLopez_24"). */
const VALUE_TOKEN =
  /(?<![\p{L}\p{N}@.:])(?=[\p{L}\p{N}_-]*\p{N})[\p{L}\p{N}_]+(?:[-/][\p{L}\p{N}_]+|(?<=\p{N})[:.,]\p{N}+|(?<=\p{Lu}\p{N}\p{Lu}?) \p{N}\p{Lu}[\p{Lu}\p{N}](?![\p{L}\p{N}]))*(?![\p{L}\p{N}@])/gu;

function valueTokens(text: string): string[] {
  return [...(text ?? '').matchAll(VALUE_TOKEN)].map((m) => m[0]).filter((v) => v.length >= 2);
}

/** Two values that look like one mistyped for the other: "IT-20913"/"IT-20931", "4872"/"4827", "16h"/"15h". */
function similarValues(a: string, b: string): boolean {
  const x = fold(a);
  const y = fold(b);
  if (x === y || Math.abs(x.length - y.length) > 1) return false;
  return distance(x, y) <= Math.min(2, Math.floor(Math.max(x.length, y.length) / 2));
}

/**
 * Every correction stated in the texts, oldest first; a later correction of the same value wins. Besides "X, not Y", a
 * sentence that opens as a correction ("whoops the id is IT-20913", "me confundi, o final é 4872") replaces the most recent
 * earlier value that looks like a slip of it.
 */
export function collectCorrections(texts: string[]): Correction[] {
  return placedCorrections(texts).map(({ at: _at, ...c }) => c);
}

/** collectCorrections, each with the index of the text that says it. */
function placedCorrections(texts: string[]): PlacedCorrection[] {
  const map = new Map<string, PlacedCorrection>();
  const earlier: string[] = [];
  const before: string[] = [];
  for (const [at, t] of texts.entries()) {
    const explicit = findCorrections(t);
    for (const c of explicit) map.set(fold(c.from), { ...c, at });
    // "actually tuesday wont work, my shift got moved. can we do thursday same time?": a value ruled out in one sentence,
    // its replacement in the next.
    if (!explicit.length && at + 1 < texts.length && refuses(t))
      for (const c of turnedCorrections(`${t} ${texts[at + 1]}`)) if (!map.has(fold(c.from))) map.set(fold(c.from), { ...c, at: at + 1 });
    const values = valueTokens(t);
    const instead = explicit.length ? undefined : insteadCorrection(t, before);
    if (instead) map.set(fold(instead.from), { ...instead, at });
    // "oh it should be sam.okafor@fastmail.co.uk, not .com": an e-mail said with a "not" corrects the one before.
    if (!explicit.length && !instead && (isCorrection(t) || (emailOf(t) && saysNot(t)))) {
      let found = false;
      // "actually no, use my work one, d.okafor@brightlane.com": an e-mail given in a correction replaces the latest other
      // e-mail said just before (e-mails have no digits to be told apart by).
      const email = emailOf(t);
      // Any e-mail said before, however long ago: e-mails are few, and one in a correction replaces the latest.
      const old =
        email &&
        [...before]
          .reverse()
          .map(emailOf)
          .find((e) => e && e !== email);
      if (email && old) {
        map.set(fold(old), { from: old, to: email, at });
        found = true;
      }
      // A value said before, again in the correction ("é de 100mg, a de 50 era a antiga" after "losartana 50mg, caixa com
      // 60"), is the old one named, no slip of another.
      // Two codes with letters are compared whole ("QX7T4N" is no restatement of "QX7T4M"), else by their digits ("50", "50mg").
      const digits = (x: string) => x.replace(/\D/g, '');
      const letters = (x: string) => /\p{L}/u.test(x);
      const restated = (v: string) => /\d/.test(v) && earlier.some((w) => (letters(w) && letters(v) ? fold(w) === fold(v) : digits(w) === digits(v)));
      for (const v of values) {
        if (restated(v)) continue;
        // A slip keeps its unit: "720 €" is no slip of "un 20% del piso".
        const unit = unitAfter(v, [t]);
        const old = [...earlier].reverse().find((w) => {
          if (!similarValues(v, w) || values.some((x) => fold(x) === fold(w))) return false;
          const was = unit && unitAfter(w, before);
          return !was || was === unit;
        });
        if (old) {
          map.set(fold(old), { from: old, to: v, at });
          found = true;
        }
      }
      // "wait no, it's wednesday", "actually it's green", "perdón, me equivoqué, es el martes": a new value given alone
      // replaces the latest value of its kind said just before.
      const implied = found ? undefined : (hourCorrection(t, before) ?? groupedNumberCorrection(t, before) ?? impliedCorrection(t, before));
      if (implied) map.set(fold(implied.from), { ...implied, at });
      // "oh wait, my mistake: on Saturday I have football. Sunday at 10 works.": the old value said again in the reason,
      // the new one of its kind after it.
      const clauses = found || implied ? [] : clauseCorrections(t, before);
      for (const c of clauses) map.set(fold(c.from), { ...c, at });
      // "ops, na verdade o encontro mudou pro dia 24": a value after the same word as one said just before ("dia 17").
      if (!found && !implied && !clauses.length) for (const c of leadCorrections(t, before)) map.set(fold(c.from), { ...c, at });
    }
    // A group of a number written in groups ("611 204 837") is no slip of a short one ("11").
    const standalone = new Set(standaloneNumbers(t).map(fold));
    earlier.push(...values.filter((v) => !/^\d+$/.test(v) || standalone.has(fold(v))));
    before.push(t);
  }
  // A chain (A → B, then B → C) resolves to the last value.
  const out = [...map.values()].map((c) => {
    let to = c.to;
    for (let i = 0; i < 5 && map.has(fold(to)) && fold(map.get(fold(to))!.to) !== fold(c.from); i++) to = map.get(fold(to))!.to;
    return { from: c.from, to, ...(c.by ? { by: c.by } : {}), at: c.at };
  });
  return out;
}

/**
 * A correction that says the old value again (its reason) and then a new value of the same kind: "me enganei: dia 14 ela
 * tem passeio. Melhor dia 18 de manhã" → 14 becomes 18. The old value is one the statements just before said; the new
 * one is not, and follows it in the correction. `by` is the correction itself, which keeps its own words (its reason is
 * left out when told back, buildStatements).
 */
function clauseCorrections(sentence: string, before: string[]): Correction[] {
  const said = new Set(before.slice(-IMPLIED_REACH).flatMap((b) => valuesAt(b).map((x) => fold(x.v))));
  const values = valuesAt(sentence).filter((x) => x.at > 0 || valueShape(x.v) !== 'name');
  const out: Correction[] = [];
  // Days, numbers, codes and e-mails: capitalized words are too many things (every German noun) to be one value.
  for (const old of values.filter((x) => said.has(fold(x.v)) && valueShape(x.v) !== 'name')) {
    const shape = valueShape(old.v);
    const fresh = (x: { v: string }) => valueShape(x.v) === shape && !said.has(fold(x.v));
    // The new value after the reason ("…football. Sunday at 10"), else before it ("Samstag um 11, um 10 habe ich Chorprobe").
    const next = values.find((x) => x.at > old.at && fresh(x)) ?? values.filter((x) => x.at < old.at && fresh(x)).at(-1);
    if (next && !out.some((c) => valueShape(c.from) === shape)) out.push({ ...ledBy(sentence, old, next, before), by: sentence });
  }
  return out;
}

/**
 * The old and new values with the word both follow in the correction ("a partir de las 11, que a las 9…" → "las 9" becomes
 * "las 11"), when what was said before has it so: the time at 9 changes, not "el martes 9".
 */
function ledBy(sentence: string, old: { v: string; at: number }, next: { v: string; at: number }, before: string[]): { from: string; to: string } {
  const lead = (at: number) => /([\p{L}]+)\s+$/u.exec(sentence.slice(Math.max(0, at - 24), at))?.[1];
  const a = lead(old.at);
  const b = lead(next.at);
  if (a && b && fold(a) === fold(b)) {
    const from = `${a} ${old.v}`;
    const said = new RegExp(String.raw`(?<![\p{L}\p{N}])${escapeRe(from)}(?![\p{L}\p{N}])`, 'iu');
    if (before.slice(-IMPLIED_REACH).some((t) => said.test(t))) return { from, to: `${b} ${next.v}` };
  }
  return { from: old.v, to: next.v };
}

/**
 * The values of a correction that follow the same word as a value of their shape said in the statements just before:
 * "ops, na verdade o encontro mudou pro dia 24" after "o encontro é dia 17…, às 19h30" → "dia 17" becomes "dia 24" (the
 * time said with it stays). Only a word of three letters or more leads ("dia", "às", "am", "le" are read as written).
 */
function leadCorrections(sentence: string, before: string[]): Correction[] {
  const lead = (text: string, at: number) => /([\p{L}]{2,})\s+$/u.exec(text.slice(Math.max(0, at - 24), at))?.[1];
  const out: Correction[] = [];
  for (const x of valuesAt(sentence)) {
    const word = lead(sentence, x.at);
    if (!word || valueShape(x.v) === 'name') continue;
    // Else the same content word among the three before each ("pago un alquiler de 650 €" … "el alquiler son 720 €").
    const noun = anchorBefore(sentence, x.at, statementLanguage(sentence));
    const unled = noun && !before.slice(-IMPLIED_REACH).some((text) => valuesAt(text).some((y) => fold(lead(text, y.at) ?? '') === fold(word)));
    if (unled) {
      const old = before
        .slice(-IMPLIED_REACH)
        .reverse()
        .flatMap((text) => {
          const lang = statementLanguage(text);
          return valuesAt(text)
            .filter((y) => valueShape(y.v) === valueShape(x.v) && fold(y.v) !== fold(x.v) && comparable(y.v, x.v) && anchorBefore(text, y.at, lang) === noun)
            .map((y) => y.v);
        })[0];
      if (old) {
        out.push({ from: old, to: x.v });
        continue;
      }
    }
    // Within the last few statements, or in any statement naming the one the value is of ("perdón, me equivoqué: Lucía
    // tiene 5" after "Mateo tiene 6 años, Lucía tiene 4", said long before).
    const owner = namedBefore(sentence, x.at);
    const older = owner
      ? before
          .slice(0, -IMPLIED_REACH)
          .reverse()
          .filter((t) => wordsOf(t).some((w) => w.raw === owner))
      : [];
    const reach = [...before.slice(-IMPLIED_REACH).reverse(), ...older];
    for (const text of reach) {
      const old = valuesAt(text)
        .filter(
          (y) =>
            valueShape(y.v) === valueShape(x.v) &&
            fold(y.v) !== fold(x.v) &&
            comparable(y.v, x.v) &&
            fold(lead(text, y.at) ?? '') === fold(word) &&
            // Of the one the correction names, or of no one named ("Mateo tiene 6" is no slip of "Lucía tiene 5").
            (!owner || !namedBefore(text, y.at) || namedBefore(text, y.at) === owner),
        )
        .at(-1);
      if (old) {
        out.push({ from: `${text.slice(old.at - word.length - 1, old.at).trim()} ${old.v}`, to: `${word} ${x.v}` });
        break;
      }
    }
  }
  return out.filter((c, i) => out.findIndex((o) => fold(o.from) === fold(c.from)) === i);
}

/** The stems of the words that ask for a name ("name", "called", "nome", "chama", "heißt"), with their synonym groups. */
const namingStems = perLanguage((lang) => {
  const words = [...LANGUAGE_DATA[lang].namings, ...ADDRESSEE[lang].names, ...ADDRESSEE[lang].called];
  return new Set(words.flatMap((w) => termsOf(w, lang).stems));
});

/** The capitalized name just before a value, within its clause ("Lucía tiene 5" → "Lucía"), as written. */
function namedBefore(text: string, at: number): string | undefined {
  const clause =
    text
      .slice(0, at)
      .split(/[,;.:!?]/u)
      .at(-1) ?? '';
  const words = wordsOf(clause);
  const name = words.slice(-3).find((w, k, ws) => /^\p{Lu}\p{Ll}+$/u.test(w.raw) && (k > 0 || ws.length < 3 || words.length <= 3));
  return name?.raw;
}

/** The last word of three or more letters that is no stop word among the three words before a position, folded. */
function anchorBefore(text: string, at: number, lang: Lang): string | undefined {
  const words = wordsOf(text.slice(Math.max(0, at - 40), at)).slice(-3);
  const w = [...words].reverse().find((x) => x.word.length >= 3 && /^\p{L}+$/u.test(x.word) && !isStopWord(x.word, lang));
  return w ? fold(w.word) : undefined;
}

/** A number written with groups of thousands ("1,430", "12.500", "45 182"). */
const GROUPED = /(?<![\p{L}\p{N}])\d{1,3}(?:[.,\u00a0 ]\d{3})+(?![\p{N}]|[.,]\d)/gu;

/**
 * "actually no, i read it wrong, it's $1,430 with the paint" after "the body shop quoted $1,340": a number written in groups
 * of thousands replaces the latest one of as many digits said just before, as written (the groups are no numbers of their own).
 */
function groupedNumberCorrection(sentence: string, before: string[]): Correction | undefined {
  const digits = (v: string) => v.replace(/\D/g, '');
  const to = [...sentence.matchAll(GROUPED)].map((m) => m[0]).at(-1);
  if (!to) return undefined;
  for (const text of before.slice(-IMPLIED_REACH).reverse()) {
    const from = [...text.matchAll(GROUPED)]
      .map((m) => m[0])
      .filter((v) => digits(v).length === digits(to).length && digits(v) !== digits(to))
      .at(-1);
    if (from) return { from, to };
  }
  return undefined;
}

/** Every time of day a text gives, "15h30" whole (not its "15h"). */
let TIMES_OF_DAY_RE: RegExp | undefined;
const timesOfDay = () => (TIMES_OF_DAY_RE ??= new RegExp(String.raw`(?<![\p{L}\p{N}])\d{1,2}h\d{2}(?!\p{N})|${TIME_OF_DAY.source}`, 'giu'));

/**
 * "oops, make that 5:15, i forgot i have a dentist thing" after "can we do thursday at 4:30?": a correction whose only value
 * is a time of day replaces the latest other time of day said just before.
 */
function hourCorrection(sentence: string, before: string[]): Correction | undefined {
  const times = (text: string) => [...text.matchAll(timesOfDay())].map((m) => m[0].trim());
  // "actually make it 6:30, Priya has to go out at 7 for her night shift": the time the correction opens with; its reason,
  // after a comma, may say another.
  const alone = (text: string, said: string[]) => said.length === 1 && valuesAt(text).every((x) => said.some((t) => t.includes(x.v) || x.v.includes(t)));
  if (!alone(sentence, times(sentence))) {
    const first = sentence.split(/,\s*/u).find((clause) => times(clause).length > 0);
    // Not a time ruled out ("sorry, can't do 5, make it 6").
    if (first && !saysNot(first) && !refuses(first)) sentence = first;
  }
  const said = times(sentence);
  if (!alone(sentence, said)) return undefined;
  const to = said[0];
  for (const text of before.slice(-IMPLIED_REACH).reverse()) {
    const from = times(text)
      .filter((v) => fold(v) !== fold(to))
      .at(-1);
    if (from) return { from, to };
  }
  return undefined;
}

/** How many earlier statements a correction that gives only its new value may reach back to find the value it replaces. */
const IMPLIED_REACH = 3;

/**
 * The new value a correction gives alone, without its markers and lead words (`correctionLeads` of lang/*.ts): "wait no,
 * it's wednesday" → "wednesday", "oops, make that 55132" → "55132", "perdón, me equivoqué, es el martes" → "martes". At most
 * three words, none a stop word or chat word (so "hold on, I'll check" gives nothing).
 */
export function correctionValue(sentence: string): string | undefined {
  // What follows a dash, a semicolon or a bracket is the reason, not the value ("oops, make that 8 — Callum just texted").
  sentence = sentence.split(/\s[—–-]\s|;|\s\(/u)[0];
  const lang = statementLanguage(sentence);
  const langs = [lang, ...(['en', 'pt', 'es', 'fr'] as Lang[]).filter((l) => l !== lang)];
  // Markers (longest first) and leads are dropped from the start, a few times over ("sorry, I meant: it's the 15th").
  const heads = [...new Set(langs.flatMap((l) => [...LANGUAGE_DATA[l].correctionMarkers, ...LANGUAGE_DATA[l].correctionLeads]).map((x) => plain(x).trim()))]
    .concat(APOLOGIES.map((x) => plain(x).trim()))
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const rest = withoutHeads(plain(sentence).trim(), heads);
  if (rest === plain(sentence).trim() || !rest) return undefined;
  const words = rest.split(' ');
  if (words.length > 3) return leadingValue(sentence, heads, lang);
  const small = new Set(langs.flatMap((l) => LANGUAGE_DATA[l].smallTalk.map((x) => plain(x).trim())));
  if (small.has(rest) || words.some((w) => isStopWord(w, lang) || small.has(w) || LANGUAGE_DATA[lang].firstPerson.includes(w))) return undefined;
  // The value as written (case and accents kept): the same number of words at the end of the sentence.
  const written = trimEnd(sentence).split(/\s+/u).slice(-words.length).join(' ');
  return fold(written)
    .replace(/['’]/g, "'")
    .replace(/[^\p{L}\p{N}'@.-]+/gu, ' ')
    .trim() === rest
    ? written.replace(/^[,:;—-]+/u, '')
    : rest;
}

/**
 * The value a longer correction opens with, before its reason: "oops, make that 20 minutes a day, i can squeeze in more" →
 * 20; "quer dizer, 12 mil, porque vou levar minha mãe" → 12 mil; "actually, use ana@x.pt instead, the other one is old" →
 * ana@x.pt. The first clause that is not only a marker, its markers dropped: an e-mail or code alone in it, or the number
 * it opens with (and a multiplier word after it: "mil", "k", "thousand", "Tausend").
 */
function leadingValue(sentence: string, heads: string[], lang: Lang): string | undefined {
  const clauses = sentence.split(/,\s*/u).map((c) => c.trim());
  for (const clause of clauses) {
    const rest = withoutHeads(plain(clause).trim(), heads);
    if (!rest) continue;
    const words = rest.split(' ');
    if (words.length > 6) return undefined;
    // Days and times are read by their own rules ("correção: às 10h, às 9 eu levo minha filha", "make it the 23rd, same time").
    if (dateSpan(clause, lang) || saysHour(clause, lang) || /\d(?:st|nd|rd|th|h|am|pm|º|ª)\b/iu.test(clause)) return undefined;
    const emails = clause.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu) ?? [];
    if (emails.length === 1) return emails[0];
    const codes = valuesAt(clause).filter((x) => valueShape(x.v) === 'code');
    if (codes.length === 1 && !/^\d+$/.test(codes[0].v)) return codes[0].v;
    if (/^\d+(?:[.,]\d+)?$/.test(words[0])) return MULTIPLIERS.has(words[1] ?? '') ? `${words[0]} ${words[1]}` : words[0];
    return undefined;
  }
  return undefined;
}

/** A folded text without the heads (markers, leads, apologies; longest first) it opens with, a few times over. */
function withoutHeads(text: string, heads: string[]): string {
  let rest = text;
  for (let i = 0; i < 8; i++) {
    const h = heads.find((x) => rest === x || rest.startsWith(`${x} `));
    if (!h) break;
    rest = rest.slice(h.length).trim();
  }
  return rest;
}

const MULTIPLIERS = new Set(['mil', 'k', 'thousand', 'tausend', 'mille', 'millones', 'milhoes', 'million']);

/**
 * A correction that gives only its new value ("wait no, it's wednesday" after "my appointment is on tuesday"): the old
 * value is the latest one of the same shape (a day, a date, a code, an e-mail, a name) in the statements just before it,
 * else the value of the latest fact they state ("my favourite colour is blue" → blue).
 */
function impliedCorrection(sentence: string, before: string[]): Correction | undefined {
  // The value without the stop after it ("sorry, i meant portugal.").
  const to = correctionValue(sentence)?.replace(/[.,;:!?]+$/u, '');
  if (!to) return undefined;
  const shape = valueShape(to);
  const recent = before.slice(-IMPLIED_REACH).reverse();
  for (const [k, text] of recent.entries()) {
    const lang = statementLanguage(text);
    // A date said again ("sorry, I meant March 15th"): the date the statement names, as chrono-node reads it.
    if (dateSpan(to, lang) || dateSpan(to, statementLanguage(sentence))) {
      // A date replaces a date only ("actually it was 5 days ago" is no new order number).
      const span = dateSpan(text, lang);
      const date = span && stripLeads(span, lang);
      if (date && fold(date) !== fold(to)) return { from: date, to };
      continue;
    }
    // A number replaces a number, in digits or words ("sorry, I meant eleven" after "he's turning nine"), not a name.
    // A group of a longer number ("611 204 837", a phone) is no value of its own; when the correction says the old number
    // again as its reason ("a partir de las 11, que a las 9 tengo cole"), that one is what it replaces.
    if (isNumberValue(to)) {
      const numbers = standaloneNumbers(text).filter((v) => fold(v) !== fold(to) && comparable(v, to));
      const again = new Set(standaloneNumbers(sentence).map(fold));
      const said = numbers.filter((v) => again.has(fold(v)));
      if (said.length) return { from: said[said.length - 1], to };
      if (numbers.length) return { from: numbers[numbers.length - 1], to };
      continue;
    }
    // A place replaces the latest place said ("sorry, i meant portugal" after "i was in spain").
    if (PLACES.has(fold(to))) {
      const place = wordsOf(text)
        .map((w) => w.raw)
        .filter((w) => PLACES.has(fold(w)) && fold(w) !== fold(to))
        .at(-1);
      if (place) return { from: place, to };
      continue;
    }
    // A number or code replaces one only when it is given alone ("make that 55132").
    if ((shape === 'code' || shape === 'email') && valuesAt(to).length !== 1) return undefined;
    const same = valuesAt(text)
      .map((x) => x.v)
      .filter((v) => valueShape(v) === shape && fold(v) !== fold(to) && comparable(v, to));
    if (shape !== 'word' && same.length) return { from: same[same.length - 1], to };
    // The slot the previous statement filled: its fact's value (only the statement right before: the slot is implied by it).
    if (k > 0) continue;
    const fact = extractFacts(text)
      .filter((f) => f.kind !== 'name' && f.value && !isStatementFact(f))
      .at(-1);
    if (!fact) continue;
    const from = stripLeads(fact.value, lang);
    // A word never replaces a number ("sorry, i meant portugal" is no new account number), nor a number a word.
    const digits = (v: string) => /\p{N}/u.test(v);
    if (
      from &&
      fold(from) !== fold(to) &&
      from.split(/\s+/).length <= 4 &&
      digits(from) === digits(to) &&
      (shape === 'word' || shape === valueShape(from) || valueShape(from) === 'word')
    )
      return { from, to };
  }
  return undefined;
}

/** Cities and countries (lang/cities.ts), folded. */
const PLACES = new Set([...CITIES, ...COUNTRIES]);

/** Of about as many digits (or either without digits): "2025-889143" corrects a protocol number, not "300 mega". */
function comparable(a: string, b: string): boolean {
  const digits = (v: string) => v.replace(/\D/g, '').length;
  return !digits(a) || !digits(b) || Math.abs(digits(a) - digits(b)) <= 1;
}

/** The numbers of a text, in digits or words, that are not one group of a number written in groups ("611 204 837"). */
function standaloneNumbers(text: string): string[] {
  const words = wordsOf(text);
  const digits = (i: number) => i >= 0 && i < words.length && /^\d+$/.test(words[i].raw);
  const joined = (a: number, b: number) => /^[ .-]$/.test(text.slice(words[a].index + words[a].raw.length, words[b].index));
  return words
    .filter((w, i) => isNumberValue(w.raw) && !(/^\d+$/.test(w.raw) && ((digits(i - 1) && joined(i - 1, i)) || (digits(i + 1) && joined(i, i + 1)))))
    .map((w) => w.raw);
}

/** A value without the lead words of `correctionLeads` ("on tuesday" → "tuesday", "el lunes" → "lunes"). */
function stripLeads(value: string, lang: Lang): string {
  const leads = new Set(LANGUAGE_DATA[lang].correctionLeads.map(fold));
  const words = value.split(/\s+/);
  while (words.length > 1 && leads.has(fold(words[0]))) words.shift();
  return words.join(' ');
}

/** The date a text names, as written (chrono-node), when it names one. */
function dateSpan(text: string, lang: Lang): string | undefined {
  const found = parseDates(text, lang);
  return found.length ? found[found.length - 1] : undefined;
}

let REFUSALS: string | undefined;
/** Every language's refusal phrases, as written and folded, for a regular expression. */
function refusalPattern(): string {
  REFUSALS ??= [...new Set(Object.values(LANGUAGE_DATA).flatMap((d) => d.refusals.flatMap((r) => [r, fold(r)])))]
    .map((r) =>
      escapeRe(r)
        .replace(/['’]/g, "['’]")
        .replace(/\s+/g, String.raw`\s+`),
    )
    .join('|');
  return REFUSALS;
}

/**
 * Does a sentence give a value a correction could bring: a number, code, e-mail, date, name or a member of a category?
 * "espera q me está llamando mi madre" opens like a correction ("espera…") but replaces nothing (nor says "not").
 */
function givesValue(t: Terms): boolean {
  return t.numbers.length + t.codes.length + t.emails.length + t.dates.length + t.names.length > 0 || t.stems.some((x) => x.startsWith('cat:'));
}

/** Does the text hold a number, code, e-mail or date of its own (not only a name or a category)? */
function holdsValue(t: Terms): boolean {
  return t.numbers.length + t.codes.length + t.emails.length + t.dates.length > 0;
}

/**
 * A correction that says a mistake was made and gives no value nor "not" ("sorry, i meant tobias will collect it"): what it
 * corrects is what its first clause is about (mistakeHead).
 */
function correctsByMistake(c: Pick<Statement, 'text' | 'lang' | 'terms'>): boolean {
  return !givesValue(c.terms) && !saysNot(c.text) && saysMistake(c.text, c.lang);
}

/** The stems of the first clause of a correction that says more than its markers ("i meant tobias will collect it"). */
function mistakeHead(c: Pick<Statement, 'text' | 'lang'>): string[] {
  const markers = correctionMarkerStems();
  for (const clause of clausesOf(c.text)) {
    const own = termsOf(clause, c.lang).stems.filter((x) => !markers.has(x) && !x.startsWith('cat:'));
    if (own.length) return own;
  }
  return [];
}

/** Does the sentence open by saying a mistake was made (lang/*.ts `strongCorrections`), within its first six words? */
function saysMistake(text: string, lang: Lang): boolean {
  const head = ` ${plain(text).trim().split(' ').slice(0, 6).join(' ')} `;
  return LANGUAGE_DATA[lang].strongCorrections.some((m) => head.includes(` ${m} `));
}

let SAYS_NOT: RegExp | undefined;
/** Does the text say "not" (lang/*.ts `notWords`: "na real não, o original sumiu")? */
function saysNot(text: string): boolean {
  SAYS_NOT ??= new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${notAlternation()})(?![\p{L}\p{N}])`, 'u');
  return SAYS_NOT.test(fold(text));
}

let REFUSES: RegExp | undefined;
/** Does the text rule a value out (lang/*.ts `refusals`: "tuesday wont work", "quinta não dá")? */
function refuses(text: string): boolean {
  REFUSES ??= new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${refusalPattern()})(?![\p{L}])`, 'iu');
  return REFUSES.test(fold(text).replace(/’/g, "'"));
}

let DAY_SHORT: Map<string, string[]> | undefined;
/**
 * An old value as an expression: a weekday with its short forms among the day category's members ("tuesday" also
 * replaces "tues" and "tue": "can i drop it off on tues" is corrected by "tuesday wont work… thursday").
 */
function oldForms(value: string): string {
  if (!DAY_SHORT) {
    DAY_SHORT = new Map();
    for (const lang of ALL_LANGS) {
      const days = [...weekdays(lang)];
      for (const day of days) {
        const short = days.filter((m) => m !== day && m.length >= 3 && day.startsWith(m));
        if (short.length) DAY_SHORT.set(day, [...new Set([...(DAY_SHORT.get(day) ?? []), ...short])]);
      }
    }
  }
  const short = DAY_SHORT.get(fold(value)) ?? [];
  return short.length ? `(?:${[value, ...short.sort((a, b) => b.length - a.length)].map(escapeRe).join('|')})` : escapeRe(value);
}

/** Replaces every old value by its correction, and drops the "…, not <old>" remarks. */
export function applyCorrections(text: string, corrections: Correction[]): string {
  let out = text;
  const nots = notAlternation();
  for (const c of corrections) {
    const old = oldForms(c.from);
    // "nicht matt, sondern glänzend" → "glänzend": the old value with its "not … but" goes.
    out = out.replace(new RegExp(ratherPattern(old), 'giu'), '');
    // "quinta não dá, pode ser sábado" → "pode ser sábado": the clause ruling the old value out goes.
    out = out.replace(new RegExp(String.raw`(?<![\p{L}\p{N}])${old}\s+(?:${refusalPattern()})(?![\p{L}])[^,;.!?]*[,;]?\s*`, 'giu'), '');
    out = out.replace(
      new RegExp(
        String.raw`\s*[,;]?\s*(?:(?:and|e|y|et|mais|but|pero|mas)\s+)?(?<![\p{L}\p{N}])(?:${nots}|não)\s+(?:(?:the|o|a|el|la|los|las|le|de|do|da|en|em|no|na|in|at|à|um|am|on|às|as)\s+){0,2}${old}(?![\p{L}\p{N}])`,
        'giu',
      ),
      '',
    );
    // "Hospital Clínico, not La Fe" makes "Hospital La Fe" "Hospital Clínico", not "Hospital Hospital Clínico".
    const toWords = c.to.split(/\s+/);
    for (let j = toWords.length - 1; j >= 1; j--) {
      const lead = toWords
        .slice(0, j)
        .map(escapeRe)
        .join(String.raw`\s+`);
      out = out.replace(new RegExp(String.raw`(?<![\p{L}\p{N}])${lead}\s+${old}(?![\p{L}\p{N}])`, 'giu'), () => c.to);
    }
    // "25th anniversary, not the 15th" replaces "15th anniversary" only, not every 15th.
    const words = c.said ? c.said.slice(c.to.length).trim() : '';
    const target = words
      ? String.raw`${old}\s+${words
          .split(/\s+/)
          .map(escapeRe)
          .join(String.raw`\s+`)}`
      : old;
    out = out.replace(new RegExp(String.raw`(?<![\p{L}\p{N}])${target}(?![\p{L}\p{N}])`, 'giu'), () => c.said ?? c.to);
    // "the 28th, oops, make that the 30th" is now "the 30th, oops, make that the 30th": the marker and the repeat go.
    const to = escapeRe(c.to);
    out = out.replace(
      new RegExp(
        String.raw`(?<![\p{L}\p{N}])(${to})\s*[,;]\s*(?:(?:${insideMarkers()})[\s,:]+){1,3}(?:(?:the|o|a|el|la|le|de|do|da|du|am)\s+)?${to}(?![\p{L}\p{N}])`,
        'giu',
      ),
      '$1',
    );
  }
  return squish(out);
}

let INSIDE_MARKERS: string | undefined;
/** Every language's correction markers and leads as written, longest first, as one alternation ("oops", "make that", "sorry"). */
function insideMarkers(): string {
  INSIDE_MARKERS ??= [...new Set(Object.values(LANGUAGE_DATA).flatMap((d) => [...d.correctionMarkers, ...d.correctionLeads]))]
    .sort((a, b) => b.length - a.length)
    .map((m) => escapeRe(m).replace(/ /g, String.raw`[\s,]+`))
    .join('|');
  return INSIDE_MARKERS;
}

/** The facts with every corrected value replaced (value and text). */
export function correctFacts(facts: Fact[], corrections: Correction[]): Fact[] {
  if (!corrections.length) return facts;
  return facts.map((f) => {
    const c = corrections.find((x) => fold(x.from) === fold(f.value));
    const text = applyCorrections(f.text ?? '', corrections);
    if (c) return { ...f, value: c.to, text };
    // A value that holds the old one ("Rua das Acácias 212") gets the new one.
    const value = applyCorrections(
      f.value,
      corrections.filter((x) => !x.said),
    );
    return text === f.text && value === f.value ? f : { ...f, value, text };
  });
}

// ---------------------------------------------------------------------------------------------
// Building the memory
// ---------------------------------------------------------------------------------------------

/** The clauses of a statement, each with the comma or semicolon that ends it. */
export function clausesOf(text: string): string[] {
  return text.split(/(?<=[,;])\s+/u);
}

/**
 * The clauses of a message that each ask a question ("whats her name again in your notes, and whats wrong with her" → two),
 * their opening "and"/"so" dropped.
 */
export function questionClauses(message: string, lang: Lang): string[] {
  return clausesOf(message)
    .map((c) => c.trim().replace(AND_SO, ''))
    .filter((c) => opensLikeQuestion(c, lang));
}

/** Does the text say one of the (folded) words? */
function names(text: string, words: string[]): boolean {
  return wordsOf(text).some((w) => words.includes(fold(w.word)));
}

/** Clauses kept of a statement, joined again without a trailing comma. */
function joinClauses(kept: string[]): string {
  return trimEnd(kept.join(' ').replace(/[,;]\s*$/u, ''));
}

/**
 * The statements known for a reply: the stored statement facts (oldest first), then the user turns of the
 * history and the message itself, each sentence once (the latest telling wins its place). Corrections are
 * applied; a statement that a later correction of the same subject replaced is dropped.
 */
export function buildStatements(
  facts: Fact[],
  history: ChatTurn[],
  message: string | undefined,
  fallbackLang?: string,
): { statements: Statement[]; corrections: Correction[] } {
  const raw: Array<{ text: string; lang?: string; at?: string }> = [];
  for (const f of facts) if (isStatementFact(f) && f.text) raw.push({ text: f.text, lang: f.key, at: f.updatedAt });
  for (const t of history)
    if (t.role === 'user') for (const s of extractStatements(t.content, { language: fallbackLang })) raw.push({ text: s.text, lang: s.key });
  if (message) for (const s of extractStatements(message, { language: fallbackLang })) raw.push({ text: s.text, lang: s.key });
  const seen = new Map<string, number>();
  const items: Array<{ text: string; lang: Lang }> = [];
  for (const r of raw) {
    const key = fold(trimEnd(r.text));
    const lang = (languageFamily(r.lang) ?? statementLanguage(r.text, fallbackLang)) as Lang;
    if (seen.has(key)) items[seen.get(key)!] = { text: '', lang };
    seen.set(key, items.length);
    items.push({ text: r.text, lang });
  }
  const orders = items.flatMap((it, order) => (it.text ? [order] : []));
  const placed = placedCorrections(orders.map((o) => items[o].text));
  const corrections = placed.map(({ at: _at, ...c }) => c);
  // A correction changes what was said up to it; a value said again after it is meant ("sorry, i meant portugal. spain was
  // last year").
  const upTo = (c: PlacedCorrection) => orders[c.at];
  // What corrections said of their old values, as statements of their own (correctedText).
  const asides: Statement[] = [];
  let statements: Array<Statement & { said: Terms; fixed: boolean }> = items
    .map((it, order) => ({ it, order }))
    .filter(({ it }) => it.text)
    .map(({ it, order }) => {
      const { text, aside } = correctedText(
        it.text,
        placed.filter((c) => c.by !== it.text && order <= upTo(c)),
      );
      if (aside) asides.push({ text: aside.text, lang: it.lang, order, terms: termsOf(aside.text, it.lang), correction: false, aside: aside.values });
      // "X, not Y" was applied to every statement already: only a correction without its old value supersedes.
      const terms = termsOf(text, it.lang);
      return {
        text,
        lang: it.lang,
        order,
        terms,
        said: termsOf(it.text, it.lang),
        fixed: text !== it.text,
        correction:
          isCorrection(it.text, it.lang) && !findCorrections(it.text).length && (givesValue(terms) || saysNot(it.text) || saysMistake(it.text, it.lang)),
      };
    });
  // "Actually, my flight is on the 15th": earlier statements on the same subject are superseded. The subject is what the
  // correction says besides its markers ("perdão, me enganei: a entrevista foi remarcada pra sexta" → entrevista, sexta).
  const markerStems = correctionMarkerStems();
  // A correction that only gives the new value ("ops, quis dizer 16h") says nothing once the value is written into what it
  // corrected ("pode ser sexta às 16h"): it is dropped, so a question finds the corrected statement with its subject.
  const written = new Set(corrections.map((c) => fold(c.to)));
  statements = statements.filter((s) => {
    // So does a "X, not Y" that says nothing else once its reason is kept apart ("sorry, i meant the 21st").
    const explicit = !s.correction && asides.some((a) => a.order === s.order);
    if (!s.correction && !explicit) return true;
    const own = valueTokens(s.text);
    if (!own.length || !own.every((v) => written.has(fold(v)))) return true;
    const rest = s.terms.stems.filter((x) => !markerStems.has(x));
    const fixedEarlier = statements.some((o) => o.fixed && o.order < s.order && own.some((v) => fold(o.text).includes(fold(v))));
    return !(fixedEarlier && rest.length <= 2);
  });
  // The statements each correction superseded, by the correction's order.
  const replaced = new Map<number, typeof statements>();
  statements = statements.filter((s) => {
    const later = statements.filter((c) => c.correction && c.order > s.order && c.lang === s.lang);
    // A statement the correction's value was written into stays, unless the correction says all it says.
    if (s.fixed) return !later.some((c) => s.terms.stems.every((x) => c.terms.stems.includes(x)));
    const by = later.find((c) => {
      // A correction giving an address replaces the address given before ("actually no, I'm moving to my sister's: 14
      // Albert Road. send it there instead" after "deliver it to my hotel, the Midland on Peter Street").
      if (isAddress(c.text, c.lang) && isAddress(s.text, s.lang) && differs(s.said, c.said)) return true;
      const subject = c.terms.stems.filter((x) => !s.terms.names.includes(x) && !markerStems.has(x));
      if (!subject.length) return false;
      const shared = subject.filter((x) => s.terms.stems.includes(x)).length;
      // A correction saying a mistake was made is about what its first clause says ("sorry, i meant tobias will collect it,
      // ingrid's on holiday that week": tobias, collect).
      const head = correctsByMistake(c) ? mistakeHead(c) : [];
      const sharedHead = head.filter((x) => s.terms.stems.includes(x)).length;
      return (shared / subject.length >= 0.5 || (head.length > 0 && sharedHead / head.length >= 0.5)) && differs(s.said, c.said);
    });
    if (by) replaced.set(by.order, [...(replaced.get(by.order) ?? []), s]);
    return !by;
  });
  // What a correction superseded may also have said what it does not touch ("mitgliedsnummer ist 881930, ich trainiere in
  // der filiale altona, tarif premium für 39,90 im monat" before "ich meinte eimsbüttel, nicht altona"): the clauses with a
  // value of their own that share nothing with the correction stay, as a statement of their own.
  for (const [order, olds] of replaced) {
    const c = statements.find((x) => x.order === order);
    if (!c) continue;
    const subject = new Set(c.terms.stems.filter((x) => !markerStems.has(x) && !x.startsWith('cat:')));
    // Not a clause with a value that looks like a slip of the correction's ("R$ 1.850" for "me enganei, o valor foi R$ 1.580").
    const fixes = valueTokens(c.text);
    for (const old of olds) {
      const clauses = clausesOf(old.text);
      if (clauses.length < 2) continue;
      const kept = clauses.filter((clause) => {
        const t = termsOf(clause, old.lang);
        const slip = valueTokens(clause).some((v) => fixes.some((f) => similarValues(v, f)));
        return !slip && !t.stems.some((x) => subject.has(x)) && holdsValue(t);
      });
      if (!kept.length) continue;
      const text = joinClauses(kept);
      statements.push({ ...old, text, terms: termsOf(text, old.lang), fixed: true });
    }
  }
  statements.sort((a, b) => a.order - b.order);
  // "Actually, go for the green one instead — black shows every fingerprint": the clauses of a correction that say again
  // what it replaced (its reason) are not told back, so the old value does not come back with the new one.
  statements = statements.map((c) => {
    // What it replaced: the statements it superseded, else the one just before it ("in black" → "go for the green one").
    const before = c.correction ? statements.filter((o) => o.order < c.order && o.lang === c.lang).at(-1) : undefined;
    const old = replaced.get(c.order)?.map((o) => o.said) ?? (before ? [before.said] : undefined);
    let text = old ? withoutOldClauses(c.text, c.lang, old) : c.text;
    // "sorry, i meant tobias will collect it, ingrid's on holiday that week": a later clause that names again what the
    // correction replaced, and nothing new, is its reason, not told back.
    if (c.correction && old && replaced.has(c.order) && correctsByMistake(c)) {
      const was = new Set(old.flatMap((t) => t.stems.filter((x) => !x.startsWith('cat:') && !x.startsWith('ref:'))));
      const head = new Set(mistakeHead({ text, lang: c.lang }));
      const clauses = clausesOf(text);
      const first = clauses.findIndex((clause) => termsOf(clause, c.lang).stems.some((x) => head.has(x)));
      const kept = clauses.filter((clause, k) => {
        if (k <= first) return true;
        const t = termsOf(clause, c.lang);
        return !t.stems.some((x) => was.has(x) && !head.has(x)) || holdsValue(t);
      });
      if (kept.length && kept.length < clauses.length) text = joinClauses(kept);
    }
    return text === c.text ? c : { ...c, text, terms: termsOf(text, c.lang) };
  });
  // "correction: I prefer rowing now, not spin": the clauses of earlier statements that say the ruled-out word are
  // superseded ("I'm mostly into spin classes, and some swimming" keeps "and some swimming").
  const ruled = statements.map((c) => ({ order: c.order, words: ruledOutWords(c.text, c.lang) })).filter((c) => c.words.length);
  if (ruled.length)
    statements = statements.flatMap((s) => {
      // The correction's own clauses after the one ruling a word out that name it again are its reason ("ich meinte
      // eimsbüttel, nicht altona, altona war früher mal" → "ich meinte eimsbüttel, nicht altona").
      const own = ruled.find((c) => c.order === s.order)?.words ?? [];
      if (own.length) {
        const clauses = clausesOf(s.text);
        const at = clauses.findIndex((clause) => names(clause, own));
        const kept = clauses.filter((clause, k) => k <= at || !names(clause, own) || valueTokens(clause).length > 0);
        if (at >= 0 && kept.length < clauses.length) {
          const text = joinClauses(kept);
          s = { ...s, text, terms: termsOf(text, s.lang) };
        }
      }
      const out = ruled.filter((c) => c.order > s.order).flatMap((c) => c.words);
      if (!out.length || !names(s.text, out)) return [s];
      const kept = clausesOf(s.text).filter((clause) => !names(clause, out));
      if (!kept.length) return [];
      const text = joinClauses(kept);
      return [{ ...s, text, terms: termsOf(text, s.lang) }];
    });
  // "ive started going on saturdays instead, sundays are too busy": the clause of such a correction that says the old value
  // again (its reason) is not told back, so the old value does not come back with the new one.
  const insteads = placed.filter((c) => c.by && saysInstead(c.by));
  if (insteads.length)
    statements = statements.map((s) => {
      const own = insteads.filter((c) => c.by === items[s.order].text);
      if (!own.length) return s;
      const says = (clause: string, v: string) => wordsOf(clause).some((w) => fold(w.word).startsWith(fold(v)));
      // A clause with a value of its own stays ("no, el jueves 16 tengo dentista a las 9, así q mejor el martes").
      const fresh = (clause: string, c: Correction) => valuesAt(clause).some((x) => !says(x.v, c.from));
      const clauses = clausesOf(s.text);
      const kept = clauses.filter((clause) => !own.some((c) => says(clause, c.from) && !says(clause, c.to) && !fresh(clause, c)));
      if (!kept.length || kept.length === clauses.length) return s;
      const text = joinClauses(kept);
      return { ...s, text, terms: termsOf(text, s.lang) };
    });
  const all = [...statements.map(({ said: _said, fixed: _fixed, ...s }): Statement => s), ...asides].sort((a, b) => a.order - b.order);
  return { statements: withReferents(all), corrections };
}

/**
 * applyCorrections, except that what a "X, not Y" statement says after it of the old value is kept apart, not rewritten:
 * "sorry, i meant the 21st, not the 14th. the 14th is my dentist" is not told back as "the 21st is your dentist", nor
 * "ich meinte sonntags, nicht samstags, samstags hat sie ballett" as "sonntags hat sie ballett". `aside` is what it says
 * of the old values, and which they are.
 */
function correctedText(text: string, corrections: Correction[]): { text: string; aside?: { text: string; values: string[] } } {
  const own = findCorrections(text);
  if (!own.length) return { text: applyCorrections(text, corrections) };
  const nots = notAlternation();
  let end = -1;
  for (const c of own) {
    const re = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${nots}|não)\s+(?:\p{L}+\s+){0,2}?${escapeRe(c.from)}(?![\p{L}\p{N}])`, 'giu');
    for (const m of text.matchAll(re)) end = Math.max(end, (m.index ?? 0) + m[0].length);
  }
  const names = namesValue;
  // "nicht matt, sondern glänzend": the new value comes after the "not", which is then no end.
  if (end >= 0 && own.some((c) => names(text.slice(end), c.to))) end = -1;
  const head = applyCorrections(end < 0 ? text : text.slice(0, end), corrections);
  if (end < 0 || end >= text.length) return { text: head };
  const olds = own.map((c) => c.from);
  const clauses = clausesOf(text.slice(end).replace(/^[\s,.;!?]+/u, ''));
  const kept = clauses.filter((clause) => !olds.some((v) => names(clause, v)));
  const aside = clauses.filter((clause) => olds.some((v) => names(clause, v)));
  const others = corrections.filter((c) => !olds.some((v) => fold(v) === fold(c.from)));
  return {
    text: kept.length ? squish(`${head}, ${applyCorrections(joinClauses(kept), corrections)}`) : head,
    aside: aside.length
      ? { text: applyCorrections(joinClauses(aside), others), values: olds.filter((v) => aside.some((clause) => names(clause, v))) }
      : undefined,
  };
}

/** Does the text say the value as a word of its own ("and the 14th?", "was macht sie samstags?")? */
function namesValue(text: string, value: string): boolean {
  return new RegExp(String.raw`(?<![\p{L}\p{N}])${escapeRe(fold(value))}(?![\p{L}\p{N}])`, 'u').test(fold(text));
}

/**
 * The correction without the clauses that only say again what it replaced: the reason after its dash ("actually, go for
 * the green one instead — black shows every fingerprint" → "actually, go for the green one instead"), and the reason
 * before the new value, after a colon, a semicolon or a full stop ("na real não, o original sumiu; tô usando um cabo
 * genérico" → "tô usando um cabo genérico"; "me enganei: dia 14 ela tem passeio. Melhor dia 18" → "me enganei: Melhor dia
 * 18"): a clause before the last that says something of what was replaced that the last clause no longer says, and names
 * no new value, is the reason.
 */
function withoutOldClauses(text: string, lang: Lang, replaced: Terms[]): string {
  const old = new Set(replaced.flatMap((t) => [...t.stems, ...t.numbers, ...t.names, ...t.codes]));
  const [first, ...rest] = text.split(/\s[—–-]\s/u);
  if (rest.length) {
    const reason = termsOf(rest.join(' '), lang);
    const repeats = [...reason.stems, ...reason.numbers, ...reason.names].some((x) => old.has(x));
    const fresh = [...reason.numbers, ...reason.codes, ...reason.emails, ...reason.names].some((x) => !old.has(x));
    if (repeats && !fresh) return trimEnd(first.trim().replace(/[,;:]$/u, '')) + (text.match(/[.!?]$/u)?.[0] ?? '');
    return text;
  }
  // Clauses with the separator that ends each: "a; b", "a: b", "a. b".
  const parts = text.split(/(?<=[;:.!?])\s+/u).filter(Boolean);
  if (parts.length < 2) return text;
  const own = (t: Terms) => [...t.stems, ...t.numbers, ...t.names, ...t.codes].filter((x) => !x.startsWith('cat:') && !correctionMarkerStems().has(x));
  const last = new Set(own(termsOf(parts.at(-1)!, lang)));
  const kept = parts.filter((part, k) => {
    if (k === parts.length - 1) return true;
    const t = termsOf(part, lang);
    const said = own(t).filter((x) => old.has(x));
    const fresh = [...t.numbers, ...t.codes, ...t.emails, ...t.names].some((x) => !old.has(x));
    return !(said.some((x) => !last.has(x)) && !fresh);
  });
  if (kept.length === parts.length) return text;
  return kept.join(' ').replace(/;\s*$/u, '');
}

/** How many statements on a pronoun may point back to the person last named ("my mum turns 70… she loves orchids"). */
const REFERENT_REACH = 3;

/**
 * Each statement with the `ref:<key>` terms of who it is about: the relations it names ("minha gata Mel"), else the
 * relation whose name it says ("Mel está sem comer"), else, when it only says "she" / "ela" / "elle", that of the latest
 * one named a few statements back whose gender fits.
 */
function withReferents(statements: Statement[]): Statement[] {
  const named: Array<Referent & { order: number }> = [];
  // Names given to relations so far ("mi hijo Daniel"): a later statement naming one is about that relation.
  const names = new Map<string, Referent>();
  return statements.map((s) => {
    const own = referentsOf(s.text);
    for (const [name, r] of namedRelations(s.text)) names.set(name, r);
    const byName = own.length
      ? []
      : [
          ...new Map(
            wordsOf(s.text)
              .flatMap((w) => names.get(fold(w.word)) ?? [])
              .map((r) => [r.ref, r]),
          ).values(),
        ];
    const gender = own.length || byName.length ? undefined : pointsBack(s.text, s.lang);
    const back = gender ? named.filter((r) => fits(r, gender) && s.order - r.order <= REFERENT_REACH * 2).at(-1) : undefined;
    const refs = own.length ? own : byName.length ? byName : back ? [back] : [];
    for (const r of refs) named.push({ ...r, order: s.order });
    return refs.length ? { ...s, terms: { ...s.terms, stems: [...s.terms.stems, ...refs.map((r) => r.ref)] } } : s;
  });
}

/**
 * The question's `ref:<key>` terms: the relations it names, else, when it says "she" / "ela" / "elle" ("and what's she
 * into?", "qual ração ela come?"), the one last named whose gender fits, in the person's latest messages (`recent`,
 * oldest first: "lembra o nome do meu cachorro?" … "e a raça dele?") or else in the statements.
 */
function questionReferents(question: string, statements: Statement[], lang: Lang, recent: string[] = []): string[] {
  const own = referentsOf(question);
  if (own.length) return own.map((r) => r.ref);
  const gender = pointsBack(question, lang);
  if (!gender) return [];
  const carried = new Set(statements.flatMap((s) => s.terms.stems.filter((t) => t.startsWith('ref:'))));
  for (const text of recent.slice(-3).reverse()) {
    const r = referentsOf(text).filter((x) => fits(x, gender) && carried.has(x.ref));
    if (r.length) return [r[0].ref];
  }
  const latest = [...statements]
    .sort((a, b) => b.order - a.order)
    .map(
      (s) =>
        referentsOf(s.text).filter((x) => fits(x, gender))[0] ??
        (s.terms.stems.find((t) => t.startsWith('ref:')) && pointsBack(s.text, s.lang) === gender
          ? { ref: s.terms.stems.find((t) => t.startsWith('ref:'))! }
          : undefined),
    )
    .find(Boolean);
  return latest ? [latest.ref] : [];
}

let MARKER_STEMS: Set<string> | undefined;
/** The terms of every correction marker ("me enganei", "sorry, i meant"), in each language's stemming. */
function correctionMarkerStems(): Set<string> {
  MARKER_STEMS ??= new Set(
    (Object.entries(LANGUAGE_DATA) as Array<[Lang, (typeof LANGUAGE_DATA)[Lang]]>).flatMap(([lang, d]) =>
      [...d.correctionMarkers, ...APOLOGIES].flatMap((m) => termsOf(m, lang).stems),
    ),
  );
  return MARKER_STEMS;
}

/** The two statements name different values (numbers, codes, e-mails, dates or names). */
function differs(a: Terms, b: Terms): boolean {
  const values = (t: Terms) => [...t.numbers, ...t.codes, ...t.emails, ...t.dates, ...t.names];
  const va = values(a);
  const vb = values(b);
  if (!va.length || !vb.length) return true;
  return vb.some((v) => !va.includes(v)) || va.some((v) => !vb.includes(v));
}

// ---------------------------------------------------------------------------------------------
// Retrieval
// ---------------------------------------------------------------------------------------------

/** Does the message ask what the person said ("did i mention…", "você lembra…", "¿te dije…?")? */
export function asksWhatWasSaid(message: string, lang: Lang): boolean {
  return hasPhrase(message, LANGUAGE_DATA[lang].recallCues);
}

/** Is the message a question about the person themself ("where am I flying to?", "what did I say about…", "¿cuál es mi…?")? */
export function isSelfQuestion(message: string, lang: Lang): boolean {
  // Asked in any of its sentences ("thx. what's my account number again"), or as a request to say it back ("dame el número
  // de póliza otra vez", "read me back the address", "sag mir nochmal die Nummer").
  const parts = sentences(message).map((p) => stripOpeners(p, lang));
  if (parts.some((p) => TELL_BACK.test(fold(p)))) return true;
  const asked = isQuestion(message, lang) || parts.some((p) => opensLikeQuestion(p, lang));
  if (!asked) return false;
  const d = LANGUAGE_DATA[lang];
  if (hasPhrase(message, d.recallCues)) return true;
  // A first-person subject: "am I", "do I", "eu vou", "je pars", "a gente", "wir" (lang/*.ts `selfSubjects`).
  const words = wordsOf(message).map((w) => fold(w.word).replace(/['’]$/, ''));
  const said = ` ${words.join(' ')} `;
  if (d.selfSubjects.some((s) => said.includes(` ${s} `))) return true;
  // A first-person verb ("¿dónde vivo?", "onde moro?").
  const verbs = verbForms(lang);
  if (words.some((w) => verbs.has(w))) return true;
  // "What's my favourite colour?" — but "where is my order?" is about the case, not a memory question.
  const mine = firstPersonOnly(lang);
  const possessive = words.some((w) => mine.has(w));
  return possessive && !findTopic(message);
}

/**
 * Does the message ask whether something is there that nothing said names ("is there parking near the studio?", "y a une
 * terrasse ?", "¿hay aparcamiento?")? That is asked of the business, not of what the person said, though another of its
 * words was said ("the last open studio"). "o prédio novo tem elevador?" after "3º andar sem elevador" asks what was said.
 */
export function asksForSomethingNew(message: string, statements: Statement[], lang: Lang): boolean {
  const phrases = LANGUAGE_DATA[lang].asking.existential ?? [];
  const words = plain(stripOpeners(message, lang)).trim().split(' ');
  const phrase = phrases.map((p) => plain(p).trim().split(' ')).find((p) => p.every((w, k) => words[k] === w));
  if (!phrase) return false;
  const noun = words.slice(phrase.length).find((w) => w && !isStopWord(w, lang));
  if (!noun) return false;
  const stems = termsOf(noun, lang).stems;
  const said = new Set(statements.flatMap((st) => st.terms.stems));
  return stems.length > 0 && !stems.some((t) => said.has(t) || [...said].some((x) => kinStems(x, t)));
}

/** Does a sentence of the message ask to have something said back ("dame el número de póliza otra vez")? */
export function asksToTellBack(message: string, lang: Lang): boolean {
  // The request may follow a clause saying what for ("pour l'annonce, rappelle-moi le nom…", "for the form, remind me…").
  const asks = (clause: string) => TELL_BACK.test(fold(stripOpeners(clause, lang)).replace(REQUEST_LEAD, ''));
  return sentences(message).some((p) => asks(p) || p.split(/,\s*/u).slice(1, 3).some(asks));
}

/**
 * The auxiliary a request may open with, and who it asks (lang/*.ts `asking.auxiliaries`, then "you", "u", "vc"…): "can u
 * read me back the full address then", "pode me passar o endereço?", "¿puedes repetirme…?".
 */
const REQUEST_LEAD = new RegExp(
  String.raw`^(?:${[...AUXILIARIES].map(escapeRe).join('|')})\s+(?:(?:you|u|ya|voce|vc|tu|usted|vous|du|sie)\s+)?(?:(?:please|pls|plz|por favor|porfa|stp|svp|bitte)\s+)?`,
  'u',
);

/** Requests to say something back, in the five languages: "remind me", "read me back", "dame", "redis-moi", "sag mir". */
const TELL_BACK =
  /^\s*(?:remind|tell me|read (?:me )?back|read me|give me|confirm|repeat|me lembr|me (?:diz|fala|passa|manda)|repete|confirma|recuerd|dime|dame|repite|rappelle|redis|redonne|donne-moi|confirme|sag mir|nenn mir|gib mir|wiederhol)/iu;

/** A duration: a number and a unit of time ("20 min", "3 meses", "zwei Wochen" in digits: "2 Wochen"). */
const DURATION =
  /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)?\s?(?:min|mins|minutes?|minutos?|minuten|hours?|horas?|heures?|stunden?|days?|dias?|días|jours?|tagen?|weeks?|semanas?|semaines?|wochen?|months?|meses|mois|monaten?|years?|anos?|años?|ans|jahren?)(?![\p{L}])/iu;

/** A time of day as written: "11pm", "6am", "16h", "15h30", "9:30", "às 8 horas". */
const TIME_OF_DAY =
  /(?<![\p{L}\p{N}])\d{1,2}(?:[:h]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.|h|hs|hrs?|horas?|heures?|uhr)(?![\p{L}])|(?<![\p{L}\p{N}])\d{1,2}:\d{2}(?![\p{N}])/iu;

/** lang/*.ts `hourLeads` then a bare hour and the word after it, on folded text. */
const hourLed = perLanguage((lang) => {
  const leads = LANGUAGE_DATA[lang].hourLeads.map((l) => escapeRe(fold(l)).replace(/ /g, String.raw`\s+`)).join('|');
  return new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${leads})\s+(\d{1,2})(?![\p{N}:.,]\d|\p{N})\s*([\p{L}']*)`, 'gu');
});
/**
 * Does the text say a time of day: "16h", "4pm", "19:30", or a bare hour after one of lang/*.ts `hourLeads` ("a las 11",
 * "um 16 Uhr", "at 9, …") that ends there or goes on with a small word ("a las 9 tengo…"), not "at 3 shops".
 */
function saysHour(text: string, lang: Lang): boolean {
  if (TIME_OF_DAY.test(text)) return true;
  for (const m of fold(text).matchAll(new RegExp(hourLed(lang)))) {
    const next = m[2];
    if (Number(m[1]) <= 24 && (!next || ['uhr', 'h', 'am', 'pm', "o'clock"].includes(next) || isStopWord(next, lang))) return true;
  }
  return false;
}

/** Lower-cased text with words separated by single spaces, accents kept (for phrases written with them: "où"). */
function plainKeep(text: string): string {
  return ` ${(text ?? '')
    .toLowerCase()
    .replace(/['’]/g, "'")
    .replace(/[^\p{L}\p{N}'@.-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** The months of a language, folded. */
const monthsOf = perLanguage((lang) => new Set(LANGUAGE_DATA[lang].months.map(fold)));

/** The terms of the words that ask for a time of day ("que horas", "quelle heure": lang/*.ts `answerTypes.hour`). */
const hourStems = perLanguage((lang) => new Set(LANGUAGE_DATA[lang].answerTypes.hour.flatMap((ph) => termsOf(ph, lang).stems)));

/** The members of the language's `day` category (weekdays), folded. */
const weekdays = perLanguage((lang) => new Set((LANGUAGE_DATA[lang].categories.find((c) => c.id === 'day')?.members ?? []).map(fold)));

/**
 * The kinds of value a question asks for (lang/*.ts `answerTypes`): "when…", "que dia…", "à quelle heure…" → time;
 * "where…", "¿en qué ciudad…?" → place; "who…", "como se chama…" → person; "how many…", "combien…" → number. A phrase
 * written with accents ("où") must match with them (folded, "ou" is "or").
 */
export function answerTypesOf(question: string, lang: Lang): AnswerType[] {
  const d = LANGUAGE_DATA[lang];
  // "where's", "when's", "what's": the question word with its verb.
  if (lang === 'en') question = question.replace(/\b(where|when|what|who|how)['’]s\b/giu, '$1 is');
  const folded = plain(question);
  const kept = plainKeep(question);
  return (Object.keys(d.answerTypes) as AnswerType[]).filter((t) => d.answerTypes[t].some((ph) => hasWords(folded, kept, ph)));
}

/** Does the text (`plain` and `plainKeep` of it) say the phrase, word by word; with its accents when written with them? */
function hasWords(folded: string, kept: string, ph: string): boolean {
  return fold(ph) !== ph.toLowerCase() ? kept.includes(` ${plainKeep(ph).trim()} `) : folded.includes(` ${plain(ph).trim()} `);
}

/** Does the statement give a reason (lang/*.ts `reasons`: "because…", "porque…", "es geht um…")? */
function givesReason(st: Pick<Statement, 'text' | 'lang'>): boolean {
  const folded = plain(st.text);
  const kept = plainKeep(st.text);
  return LANGUAGE_DATA[st.lang].reasons.some((ph) => hasWords(folded, kept, ph));
}

/** Does the statement hold a value of the kind: a date, weekday or time of day; a name; a number? */
export function carriesType(st: Pick<Statement, 'text' | 'terms' | 'lang'>, type: AnswerType): boolean {
  const t = st.terms;
  switch (type) {
    case 'hour':
      return saysHour(st.text, st.lang);
    case 'time':
      return (
        t.dates.length > 0 || saysHour(st.text, st.lang) || (t.stems.includes('cat:day') && wordsOf(st.text).some((w) => weekdays(st.lang).has(fold(w.word))))
      );
    case 'place':
      return placeNames(st).length > 0 || t.stems.includes('cat:city') || isAddress(st.text, st.lang);
    case 'person':
      return t.names.length > 0 || companionNames(st.text, st.lang).length > 0 || namesSomeone(st.text, st.lang, false);
    case 'number':
      return t.numbers.length > 0 || t.stems.includes('cat:amount');
    case 'reason':
      return givesReason(st);
    case 'code':
      return t.codes.length > 0;
  }
}

const streetWords = perLanguage((lang) => new Set(LANGUAGE_DATA[lang].streets));

/**
 * Does the text give a street address: a street word of the language (lang/*.ts `streets`, "rua", "lane", "calle", "rue",
 * "Straße" also inside a compound) with a number ("14 harrow lane", "rua Tupinambás 770", "Hauptstraße 5")?
 */
export function isAddress(text: string, lang: Lang): boolean {
  if (!/\d/.test(text)) return false;
  const words = streetReading(text);
  const streets = streetWords(lang);
  return words.some((w) => streets.has(w) || (lang === 'de' && /(?:strasse|str|weg|platz|allee|gasse)$/.test(w) && w.length > 6));
}

/** Does the text say a street word of the language (lang/*.ts `streets`: "street", "rua", "calle", "rue", "Straße")? */
function namesStreet(text: string, lang: Lang): boolean {
  const streets = streetWords(lang);
  return streetReading(text).some((w) => streets.has(w));
}

/** The words of a text as street words are compared: folded, "ß" written "ss". */
function streetReading(text: string): string[] {
  return plain(text).trim().replace(/ß/g, 'ss').split(' ');
}

/** lang/*.ts `placeLeads`: words after which a capitalized word names a place. */
const placeLeads = perLanguage((lang) => new Set(LANGUAGE_DATA[lang].placeLeads));

/** Does the statement name a place after a preposition of place, a capitalized word that is no weekday nor month? */
function namesPlace(st: Statement): boolean {
  const words = wordsOf(st.text);
  const names = new Set(placeNames(st));
  return words.some((w, i) => i > 0 && placeLeads(st.lang).has(words[i - 1].word) && /^\p{Lu}/u.test(w.raw) && names.has(fold(w.word)));
}

const sendWords = perLanguage((lang) => new Set(LANGUAGE_DATA[lang].sendWords));
/** Does the question speak of sending something somewhere (lang/*.ts `sendWords`)? */
function sendsSomewhere(question: string, lang: Lang): boolean {
  const words = sendWords(lang);
  return plain(question)
    .trim()
    .split(' ')
    .some((w) => words.has(w));
}

/** The capitalized words of a statement that may name a place: not a weekday or a month ("on Monday morning"). */
function placeNames(st: Pick<Statement, 'terms' | 'lang'>): string[] {
  return st.terms.names.filter((n) => !weekdays(st.lang).has(n) && !monthsOf(st.lang).has(n));
}

/** How surely a statement gives a place: a city, a street address and names each count ("rua Tupinambás 770, Belo Horizonte"). */
function placeEvidence(st: Statement): number {
  return Number(st.terms.stems.includes('cat:city')) + Number(isAddress(st.text, st.lang)) + Number(placeNames(st).length > 0);
}

/**
 * Does the statement name something after a preposition of place, in any case ("en aranjuez", "at the community hall"):
 * a word that is no function word, weekday, month or number after one of lang/*.ts `placeLeads` (articles skipped).
 */
function saysPlaceAfterLead(st: Statement): boolean {
  const words = wordsOf(st.text);
  const leads = placeLeads(st.lang);
  return words.some((w, i) => {
    if (!leads.has(w.word.toLowerCase())) return false;
    const next = words.slice(i + 1, i + 4).find((x) => !isStopWord(x.word, st.lang));
    const f = next ? fold(next.word) : '';
    return Boolean(next) && /^\p{L}{3,}$/u.test(next!.word) && !weekdays(st.lang).has(f) && !monthsOf(st.lang).has(f);
  });
}

/** Does the statement name a city, or a place after a preposition of place ("in Siegburg")? */
function namesCity(st: Statement): boolean {
  return st.terms.stems.includes('cat:city') || namesPlace(st);
}

/** The latest statement giving a street address ("please deliver it to 58 Marchmont Crescent"), for "what address do you have?". */
export function latestAddress(statements: Statement[]): Statement | undefined {
  // A part of an address said before, again ("actually the postcode is HG2 7PR, not HG2 7PL", once the address holds the
  // corrected value): the whole address is told, not the part.
  const folded = statements.map((st) => fold(st.text));
  const part = (st: Statement) => {
    const values = [...st.terms.codes, ...st.terms.numbers];
    return values.length > 0 && statements.some((o, k) => o.order < st.order && isAddress(o.text, o.lang) && values.every((v) => folded[k].includes(fold(v))));
  };
  return latestOf(statements, (st) => isAddress(st.text, st.lang) && !part(st));
}

/** The latest of the statements that pass the test. */
function latestOf(pool: Statement[], test: (st: Statement) => boolean): Statement | undefined {
  return pool.filter(test).sort((a, b) => b.order - a.order)[0];
}

/** A question as recall reads it: the part that asks (askedPart), its terms, and the terms of the subject it returns to. */
interface QuestionReading {
  asked: string;
  /** The words of the lang/*.ts `returnLeads` it says ("volviendo a lo importante"). */
  leads: string[];
  terms: Terms;
  backStems: string[];
}
let LAST_READING: { question: string; lang: Lang; reading: QuestionReading } | undefined;
/** readQuestion's work, kept for the latest question: a reply may recall with the same message up to four times. */
function readQuestion(question: string, lang: Lang): QuestionReading {
  if (LAST_READING?.question === question && LAST_READING.lang === lang) return LAST_READING.reading;
  // Read with its chat shorthand written out, as the engine reads messages ("¿a q hora…?").
  const asked = askedPart(expandShorthand(question, lang), lang);
  const back = returnSubject(asked, lang);
  const folded = plain(asked);
  const reading = {
    asked,
    leads: LANGUAGE_DATA[lang].returnLeads.filter((l) => folded.includes(` ${plain(l).trim()} `)).flatMap((l) => l.split(' ')),
    terms: termsOf(asked, lang, undefined, { asked: true }),
    backStems: back ? termsOf(back, lang, undefined, { asked: true }).stems : [],
  };
  LAST_READING = { question, lang, reading };
  return reading;
}

/** The terms of lang/*.ts `recallWords` and `questionWords` ("remember", "told", "what"): no content in a question. */
const recallWordStems = perLanguage((lang) =>
  [...LANGUAGE_DATA[lang].recallWords, ...LANGUAGE_DATA[lang].questionWords].map((w) => termsOf(w, lang).stems[0]).filter((t) => t && !t.startsWith('cat:')),
);

/** How many statements after the one naming a subject may hold its value (see recallStatements). */
const FOLLOWING = 4;

/**
 * The statements that best answer a question (at most `max`, the best first): a statement counts when it
 * shares the question's content terms (stems with synonyms, names, numbers, codes, e-mails, dates), weighted
 * by how rare each term is in the memory; the more recent wins a tie.
 */
export function recallStatements(
  question: string,
  statements: Statement[],
  lang: Lang,
  max = 2,
  opts?: { confident?: boolean; loose?: boolean; guess?: boolean; recent?: string[] },
): Statement[] {
  // What a correction said of an old value is found only by a question that names it ("and the 14th?").
  if (statements.some((st) => st.aside)) statements = statements.filter((st) => !st.aside || st.aside.some((v) => namesValue(question, v)));
  const reading = readQuestion(question, lang);
  // The words of recalling, asking and returning to a subject ("volviendo a…") are no content.
  const skip = new Set([...recallWordStems(lang), ...reading.leads.flatMap((w) => termsOf(w, lang).stems)]);
  question = reading.asked;
  const q = reading.terms;
  const types = answerTypesOf(question, lang);
  // The words that ask for a time of day count only in a statement that gives one ("what time did i say it was?" is not
  // about "last time"; "um wie viel Uhr…?" meets "ab 17 Uhr").
  const hourWords = types.includes('hour') ? hourStems(lang) : new Set<string>();
  const qStems = [...q.stems.filter((s) => !skip.has(s)), ...questionReferents(question, statements, lang, opts?.recent)];
  // The subject a question returns to ("voltando ao bolo kkk quantas pessoas…?") only tells statements apart when the rest
  // does not: its terms count a third and are left out of the share of the question's terms a statement has.
  const backStems = reading.backStems;
  const context = new Set(qStems.some((t) => !backStems.includes(t)) ? backStems : []);
  let asked = qStems.length - qStems.filter((t) => context.has(t)).length;
  const qValues = [...q.numbers, ...q.codes, ...q.emails, ...q.names.filter((n) => !qStems.includes(n))];
  // "What time…?" is answered by a time of day, not by a date alone ("el que caduca en 3 meses").
  const typedAs = types.includes('hour') ? types.filter((t) => t !== 'time') : types;
  // "Who am I getting?" names nothing but asks for a person (the fallback below).
  // "que horas mesmo?", "¿y a qué hora?", "e que horas começa?": a time of day asked, of something nothing said names, by the
  // person about themself or going on from the question before, is the latest time of day they gave.
  // The one that shares most with the person's previous question comes first ("quel jour on a dit ?" … "et à quelle heure ?").
  const latestHour = () => {
    const first = fold(wordsOf(question)[0]?.word ?? '');
    const bare = qStems.filter((t) => !hourStems(lang).has(t));
    const ownAsk = !bare.length || ['and', 'e', 'y', 'et', 'und'].includes(first) || isSelfQuestion(question, lang) || asksWhatWasSaid(question, lang);
    if (!types.includes('hour') || !ownAsk || qValues.length) return [];
    const before = new Set(opts?.recent?.length ? termsOf(opts.recent.at(-1)!, lang).stems : []);
    const shared = (s: Statement) => s.terms.stems.filter((t) => before.has(t)).length;
    const latest = statements.filter((s) => s.lang === lang && carriesType(s, 'hour')).sort((a, b) => shared(b) - shared(a) || b.order - a.order)[0];
    return latest ? [latest] : [];
  };
  if (!qStems.length && !qValues.length && !types.includes('person')) return latestHour();
  // A confident match may come from a sentence the detector gave another language ("me confundi, o final é 4872").
  const pool = statements.filter((s) => s.lang === lang || qValues.length > 0 || opts?.confident);
  // A term the statement has, or a derivation of it the stemmer kept apart ("bloqueio" / "bloqueado", "upholster" /
  // "upholsterer"): one stem a prefix of the other, five letters at least (`kin`). Such a match counts a little less.
  // When some statement says the very word, a derivation elsewhere counts for little ("quel frein ?": "le frein arrière"
  // before "au freinage").
  const exact = new Set(statements.flatMap((s) => s.terms.stems));
  const holds = (s: Statement, term: string) =>
    s.terms.stems.includes(term) ? 1 : s.terms.stems.some((x) => kinStems(x, term)) ? (exact.has(term) ? 0.3 : 0.8) : 0;
  // How many statements hold a term, counted once per term (it is asked for each statement that holds it).
  const dfs = new Map<string, number>();
  const df = (term: string) => {
    let n = dfs.get(term);
    if (n === undefined) {
      n = pool.filter((s) => holds(s, term) >= (exact.has(term) ? 1 : 0.5)).length || pool.filter((s) => holds(s, term) > 0).length;
      dfs.set(term, n);
    }
    return n;
  };
  const valuesOf = (s: Statement) => [...s.terms.numbers, ...s.terms.codes, ...s.terms.emails, ...s.terms.names];
  // The words that ask for a name ("called", "name") are no subject: "what's my dog called?" is answered by the statement
  // about the dog ("just me and biscuit, my old beagle"), whose name is in lower case, when nothing said has those words.
  const naming = namingStems(lang);
  // So is who someone is to the person when nothing said names them that way ("my dog": "ref:dog", said as "my beagle").
  if (types.includes('person')) asked -= qStems.filter((t) => (naming.has(t) || t.startsWith('ref:')) && !context.has(t) && df(t) === 0).length;
  // The question's terms that some statement has: the others cannot tell statements apart.
  const known = qStems.filter((t) => df(t) > 0 && !context.has(t)).length + qValues.filter((v) => pool.some((s) => valuesOf(s).includes(v))).length;
  // Asked by a day of the month alone ("¿qué tengo el 9?", "what's on the 21st for me?", "was kommt am 12. bei mir an?"):
  // the statements that say that day answer, whatever else the question says, with what they are about.
  const keyed = dayKeyed(question, q, types, pool);
  if (keyed.length) {
    const found = keyed.slice(-max);
    // A statement that says only when ("am liebsten Mittwoch, den 12.") is about what was said just before it.
    const subject = found.length === 1 && thinStatement(found[0]) ? subjectBefore(found[0], statements) : mainSubjectBefore(found[0], statements, qStems);
    const subjectSaid = subject && found.some((f) => subjectStems(f).filter((x) => subjectStems(subject).includes(x)).length >= 2);
    return [...found, ...(subject && !subjectSaid ? [subject] : [])].sort((a, b) => a.order - b.order);
  }
  const all = pool.map((s) => {
    let score = 0;
    let matched = 0;
    for (const t of qStems) {
      const held = hourWords.has(t) && !saysHour(s.text, s.lang) ? 0 : holds(s, t);
      if (held) {
        // A term the statement has only through a broader word ("keyboard" → laptop) counts half: "which laptop do I have?"
        // is answered by "a thinkpad t14" before "the cat walked across the keyboard".
        score += Math.log(1 + pool.length / df(t)) * (s.terms.broad?.includes(t) ? 0.5 : held) * (context.has(t) ? 1 / 3 : 1);
        if (!context.has(t)) matched++;
      }
    }
    const values = [...s.terms.numbers, ...s.terms.codes, ...s.terms.emails, ...s.terms.names];
    for (const v of qValues) {
      if (!values.includes(v)) continue;
      score += 2;
      matched++;
    }
    const coverage = matched / Math.max(1, asked + qValues.length);
    // A "when" question is best answered by a statement with a date or time, "where" a place, "who" a name.
    const typed = typedAs.some((t) => carriesType(s, t));
    const fit = typed ? 1.2 : 1;
    return { s, score: score * (0.5 + coverage) * fit, matched, coverage, typed };
  });
  // Half the question's terms at least, and two when it has two: "my phone number" is not "my order number". A question
  // about the case ("how much was each of the charges?") is confident when it shares half of the terms the memory knows
  // at all and a quarter of all its terms. A statement holding the kind of value asked for ("when…": a date) needs only
  // half of the terms the memory knows: "when's the surgery again lol my brain is mush" finds "surgery on december 9".
  // Loose (the last try before "I can't find that"): one term the question shares with at most two statements, or the kind
  // of value asked for with one shared term, is enough ("qual quantia vocês vão tentar recuperar?" → "transferi 1.580 por
  // engano"); a common word alone (said in most statements) is not.
  const rare = Math.log(1 + pool.length / 2);
  let scored = all
    .filter((x) =>
      opts?.loose
        ? x.matched >= 1 && (x.typed || x.score / (0.5 + x.coverage) >= rare * 0.8)
        : opts?.confident
          ? x.matched >= 1 && x.matched / Math.max(1, known) >= 0.5 && (x.coverage >= 0.25 || x.typed)
          : (x.coverage >= 0.5 && x.matched >= Math.min(2, asked + qValues.length)) || (x.typed && x.matched >= 1 && x.matched / Math.max(1, known) >= 0.5),
    )
    .sort((a, b) => b.score - a.score || b.s.order - a.s.order);
  // Nothing said holds both the subject and the time asked for: it may have come just after the subject ("quero
  // agendar banho" … "pode ser sexta às 16h?" → "que horário ficou o banho?"): the latest statement of that kind among the
  // few that followed the one naming the subject.
  // So with a place, when it is a city ("necesito cambiar un vuelo" … "es el madrid–cancún" → "¿adónde vuelo?").
  if ((types.includes('time') || types.includes('place')) && !scored.some((x) => x.typed)) {
    const anchors = all.filter((x) => x.matched >= 1 && x.matched / Math.max(1, known) >= 0.5).sort((a, b) => b.score - a.score || b.s.order - a.s.order);
    const follows = (x: (typeof all)[number]) =>
      types.includes('time')
        ? carriesType(x.s, types.includes('hour') ? 'hour' : 'time')
        : x.s.terms.stems.includes('cat:city') || isAddress(x.s.text, x.s.lang);
    // Each statement naming the subject in turn, the best first: the lens asked about may be the one named before the
    // address, not the latest one naming it. A place prefers the statement that gives it most surely (placeEvidence).
    for (const anchor of anchors) {
      const next = all
        .filter((x) => x.typed && follows(x) && x.s.order > anchor.s.order && x.s.order <= anchor.s.order + FOLLOWING)
        .sort(
          (a, b) =>
            (types.includes('time') ? 0 : placeEvidence(b.s) - placeEvidence(a.s) || Number(a.s.correction) - Number(b.s.correction)) || b.s.order - a.s.order,
        )[0];
      if (next) {
        scored = [{ ...next, score: anchor.score }];
        break;
      }
    }
  }
  // "what street did i give you?", "em que rua eu moro?": a question about what the person said that names a street word
  // (lang/*.ts `streets`) asks for the street address they gave, whatever else its words met.
  if (
    !scored.some((x) => isAddress(x.s.text, x.s.lang)) &&
    namesStreet(question, lang) &&
    (isSelfQuestion(question, lang) || asksWhatWasSaid(question, lang))
  ) {
    const address = latestAddress(pool);
    if (address) return [address];
  }
  // "Where should the driver bring it?", "pra onde vcs vão entregar?", "wohin gehen die Rechnungen?": a place to send
  // something to, that nothing said answers with its words, is the latest address the person gave, else the latest place
  // named after a preposition of place ("das neue Haus ist in Siegburg", "vai ser no Sítio Dois Ipês").
  // An address beats a city that only shares the kind ("flew lisbon → manchester" is no delivery address).
  if (types.includes('place') && !scored.some((x) => x.typed && isAddress(x.s.text, x.s.lang)) && sendsSomewhere(question, lang)) {
    const place = latestOf(pool, (st) => isAddress(st.text, st.lang)) ?? (scored.some((x) => x.typed) ? undefined : latestOf(pool, namesCity));
    if (place) return [place];
  }
  // "Why…?" sharing no word with what was said ("Weshalb komme ich noch mal?"): the reason the person gave ("es geht um ein
  // Muttermal"), else the explanation a correction came with ("ach nein, Samstag um 11, um 10 habe ich Chorprobe").
  if (types.includes('reason') && !scored.length && aboutPerson(question, lang)) {
    const pick = (xs: typeof all) => [...xs].sort((a, b) => b.matched - a.matched || b.s.order - a.s.order)[0];
    const reason = pick(all.filter((x) => x.typed)) ?? pick(all.filter((x) => explainsCorrection(x.s)));
    if (reason) scored = [reason];
  }
  // "Who…?" / "what's … called?" naming the person by a word nothing said holds ("the young man", "o escritor", "la
  // paciente"): the statement naming a person, who they are to the person first ("my nephew Arlo"), else by a full name.
  // What matched names no one ("¿quién escribió la novela?" → "necesito diez ejemplares") does not answer it either.
  // The words that ask for a name ("called", "name") are no subject: "what's my dog called?" is answered by the statement
  // about the dog ("just me and biscuit, my old beagle"), whose name is in lower case.
  const subject = qStems.filter((t) => !naming.has(t) && !context.has(t));
  const aboutSubject = subject.length > 0 && scored.some((x) => subject.every((t) => x.s.terms.stems.includes(t)));
  if (types.includes('person') && !aboutSubject && !scored.some((x) => x.typed) && (known < asked + qValues.length || !known)) {
    const kin = (x: (typeof all)[number]) => (x.s.terms.stems.some((t) => t.startsWith('ref:')) ? 1 : 0);
    // Who someone is to the person counts as much as a word matched ("who's going to be at the flat?": "my flatmate Joss
    // will be in" before "a sofa from Hallam Home", whose "home" meets "flat").
    // A name read only from the word after a relation word may be a verb ("your mum keeps…", "tu hija dice…"): such a
    // statement competes when it shares a word with the question, or when nothing else answers it.
    const sure = (x: (typeof all)[number]) => carriesType(x.s, 'person');
    const named = all.filter((x) => namesPerson(x.s));
    const person = named
      .filter((x) => sure(x) || x.matched > 0 || (!named.some(sure) && !scored.length))
      .sort((a, b) => b.matched + kin(b) - (a.matched + kin(a)) || kin(b) - kin(a) || b.s.order - a.s.order)[0];
    if (person) scored = [person];
  }
  // The last try before "I can't find that" (`guess`): a "when" or "where" question that shares no word with what was said
  // ("¿dónde se celebra todo?", "ok so when is the big day now") is answered by what the person said of that kind, the
  // surest first (a day or hour in digits or by name, an address or a place's name), else the latest: an answer that may
  // be off is told as what they said, where "I can't find it" would be sure to be wrong.
  if (!scored.length && opts?.guess && !qValues.length) {
    const kind = typedAs.find((t) => t === 'hour' || t === 'time' || t === 'place' || t === 'code');
    // A place may be written in lower case after a preposition of place ("es en la finca los almendros, en aranjuez").
    // "How long…?" is answered by a duration ("3 monate pause").
    const long = /\b(?:how long|wie lange|cuanto tiempo|quanto tempo|combien de temps)\b/.test(plain(question));
    const sure = (st: Statement) =>
      kind === 'code'
        ? -Number(isAddress(st.text, st.lang)) // a postcode is a code of the address, not the one asked for
        : kind === 'place'
          ? placeEvidence(st)
          : // A date with its month or weekday ("el 14 de junio") before a number alone ("8 horas con álbum").
            Number(long && DURATION.test(st.text)) * 3 +
            Number(st.terms.dates.length > 0 && /\d/.test(st.text)) +
            Number(wordsOf(st.text).some((w) => weekdays(st.lang).has(fold(w.word)) || monthsOf(st.lang).has(fold(w.word)))) +
            Number(/\d/.test(st.text)) / 2;
    const fits = (st: Statement) => (kind === 'place' ? carriesType(st, kind) || saysPlaceAfterLead(st) : carriesType(st, kind!));
    const pick = kind ? pool.filter((st) => st.lang === lang && fits(st)).sort((a, b) => sure(b) - sure(a) || b.order - a.order)[0] : undefined;
    if (pick) return [pick];
  }
  if (!scored.length) {
    const hour = latestHour();
    if (hour.length || !types.includes('place') || qValues.length || !(isSelfQuestion(question, lang) || asksWhatWasSaid(question, lang))) return hour;
    // "Which city am I going to again?" with nothing said holding its words: the latest place the person named.
    const place = latestOf(pool, (st) => isAddress(st.text, st.lang) || namesCity(st));
    return place ? [place] : [];
  }
  const best = scored[0].score;
  const found = scored
    .filter((x) => x.score >= best * 0.8)
    .slice(0, max)
    .map((x) => x.s);
  // Asked by a day or a number alone ("what's on the 14th?", "o que tenho no dia 18?", "was habe ich am 12. vor?"): the
  // statement holding it may say only when ("am liebsten Mittwoch, den 12., um 8 Uhr"); what it is about was said just
  // before ("ich möchte einen Termin in der Hautarztpraxis vereinbaren"), and is told with it.
  // So when each statement holding the day says what happens then but not what it is about ("¿qué me llega el 20?" → "la
  // entrega es el jueves 20…"): the subject of the conversation before it is told with it.
  const said = new Set(found.flatMap((f) => f.terms.stems));
  if (
    qStems.every((x) => x.startsWith('cat:') || said.has(x)) &&
    (q.numbers.length || q.dates.length) &&
    found.length &&
    found.every((f) => carriesType(f, 'time'))
  ) {
    const first = found.reduce((a, b) => (a.order <= b.order ? a : b));
    const subject = found.length === 1 && thinStatement(found[0]) ? subjectBefore(found[0], statements) : mainSubjectBefore(first, statements, qStems);
    if (subject && !found.includes(subject)) found.push(subject);
  }
  return found.sort((a, b) => a.order - b.order);
}

/**
 * The subject a question returns to before asking (lang/*.ts `returnLeads`): "voltando ao bolo kkk quantas pessoas…?" →
 * "bolo", "bueno, volviendo a lo del agua 😅 ¿a qué puerta…?" → "lo del agua". The lead opens the message (after a few
 * words at most: "ok sorry, back to…"); the subject ends at a stop, an emoji or the question word.
 */
export function returnSubject(question: string, lang: Lang): string | undefined {
  const words = wordsOf(question);
  const folded = words.map((w) => fold(w.word));
  const asking = askingWords(lang);
  for (const lead of LANGUAGE_DATA[lang].returnLeads) {
    const lw = wordsOf(lead).map((w) => fold(w.word));
    for (let at = 0; at <= 3 && at + lw.length < words.length; at++) {
      if (!lw.every((w, k) => folded[at + k] === w)) continue;
      const out: string[] = [];
      for (let k = at + lw.length; k < words.length && out.length < 4; k++) {
        const gap = k > at + lw.length ? question.slice(words[k - 1].index + words[k - 1].raw.length, words[k].index) : '';
        if (/[^\s'’-]/u.test(gap) || asking.has(folded[k])) break;
        out.push(words[k].raw);
      }
      return out.length ? out.join(' ') : undefined;
    }
  }
  return undefined;
}

/**
 * The sentences of a message that ask about the person, when others only tell: "sorry got distracted lol. whats the
 * reference i gave u?" asks for the reference, and "…did i say was broken? i need to write it in the claim form" does not
 * ask about a claim form. What the message tells is kept apart (it is no memory yet and would only find what resembles it).
 */
export function askedPart(message: string, lang: Lang): string {
  const parts = sentences(message);
  if (parts.length < 2) return message;
  const asking = parts.filter((p) => isQuestion(p, lang) || opensLikeQuestion(stripOpeners(p, lang), lang));
  if (!asking.length || asking.length === parts.length) return message;
  // Only a question about the person or what they said: "vcs vendem ração…? a dela é Golden" asks the shop, and what it
  // tells goes with it.
  const asked = asking.join(' ');
  return isSelfQuestion(asked, lang) || asksWhatWasSaid(asked, lang) ? asked : message;
}

/** Two stems of one word family: neither a category nor a referent, one a prefix of the other, five letters at least. */
export function kinStems(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.includes(':') || b.includes(':')) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 5) return false;
  // A compound ends with its head ("bücherkartons" is a kind of "kartons", "handynummer" a "nummer").
  return long.startsWith(short) || (long.length - short.length >= 3 && long.endsWith(short));
}

/**
 * The statements holding the one day of the month a question names (a number from 1 to 31, or a date), when it asks what
 * happens then rather than when, what time or how many: oldest first.
 */
function dayKeyed(question: string, q: Terms, types: AnswerType[], pool: Statement[]): Statement[] {
  if (types.includes('time') || types.includes('number') || q.codes.length || q.emails.length) return [];
  const day = dayNamed(question)?.n;
  return day === undefined ? [] : pool.filter((s) => holdsDay(s, day)).sort((a, b) => a.order - b.order);
}

/**
 * The one day of the month a text names in digits ("el 9", "the 21st", "am 12."), as written and as a number, with where
 * it ends; undefined when it names none or more than one number ("the new one", "the first meeting" name no day).
 */
function dayNamed(text: string): { day: string; n: number; end: number } | undefined {
  const digits = [...text.matchAll(/(?<![\p{L}\p{N}])(\d{1,2})(?:st|nd|rd|th|er|e|º|ª|\.)?(?![\p{L}\p{N}])/gu)];
  const days = [...new Set(digits.map((m) => Number(m[1])).filter((n) => n >= 1 && n <= 31))];
  if (days.length !== 1 || digits.length > 1) return undefined;
  const m = digits[0];
  return { day: m[0].replace(/\.$/u, ''), n: days[0], end: (m.index ?? 0) + m[0].length };
}

/**
 * Does a statement say day `n` of a month: as a date, as a number in a statement that gives a time, or written as a day
 * (`DAY_OF_MONTH`: "can she be seen on the 14th", "pode ser dia 9")?
 */
export function holdsDay(st: Statement, n: number): boolean {
  if (st.terms.dates.some((d) => Number(d.slice(8, 10)) === n)) return true;
  if (!st.terms.numbers.map(Number).includes(n)) return false;
  return carriesType(st, 'time') || [...st.text.matchAll(DAYS_OF_MONTH)].some((m) => Number(m[0].match(/\d+/)?.[0]) === n);
}

/** Words that put the person in a question ("warum passt es *mir*…", "por que *eu*…"). */
const PERSON_WORDS: Record<Lang, string[]> = {
  en: ['i', 'me', 'my', 'we', 'us', 'our'],
  pt: ['eu', 'me', 'meu', 'minha', 'mim', 'a gente', 'nos', 'nosso', 'nossa'],
  es: ['yo', 'me', 'mi', 'mí', 'nos', 'nosotros', 'nuestro', 'nuestra'],
  fr: ['je', "j'", 'me', 'moi', 'mon', 'ma', 'mes', 'nous', 'notre'],
  de: ['ich', 'mir', 'mich', 'mein', 'meine', 'wir', 'uns', 'unser'],
};

/** Is the question about the person (or someone they named: "por que *ele* vai embora?")? */
function aboutPerson(question: string, lang: Lang): boolean {
  const words = wordsOf(question).map((w) => w.word.toLowerCase().replace(/['’]$/, ''));
  return words.some((w) => PERSON_WORDS[lang].map((p) => p.replace(/'$/, '')).includes(w)) || !!pointsBack(question, lang);
}

/** A full name ("Carmen Laforet", "Guimarães Rosa"): capitalized words one after another, not opening the sentence. */
const FULL_NAME = /(?<=[\p{L},]\s)\p{Lu}[\p{L}'’-]+\s(?:(?:de|da|do|del|van|von|di|du|le|la)\s)?\p{Lu}[\p{L}'’-]+/u;

/** Does the statement name a person: a name with who they are ("my nephew Arlo", "ela se chama Alice"), or a full name? */
function namesPerson(st: Statement): boolean {
  // "ideally with gareth", "pode ser com a Kelly?", "mit frau demir": whom one is with is a person.
  if (companionNames(st.text, st.lang).length) return true;
  // "interview's at 10:30 with a woman called priya shah", "my sister ellie's driving me": named in lower case.
  if (namesSomeone(st.text, st.lang)) return true;
  if (!st.terms.names.length) return false;
  return st.terms.stems.some((t) => t.startsWith('ref:')) || FULL_NAME.test(st.text);
}

/** A correction that says why after its value ("ach nein, Samstag um 11, um 10 habe ich Chorprobe"): its last clause has words of its own. */
function explainsCorrection(st: Statement): boolean {
  const clauses = st.text
    .split(/[,;:—–]|\s-\s/u)
    .map((c) => c.trim())
    .filter(Boolean);
  return st.correction && clauses.length >= 2 && wordsOf(clauses.at(-1)!).length >= 3;
}

/** How many words besides its dates and times a statement may have and still say only when. */
const THIN = 2;

/**
 * The statement's terms besides what says when (chrono-node's spans, weekdays, months, number words), categories and
 * referents: "me dieron cita el martes 16 a las nueve" → "dieron", "cita".
 */
function subjectStems(st: Pick<Statement, 'text' | 'terms' | 'lang'>): string[] {
  const d = LANGUAGE_DATA[st.lang];
  const months = monthsOf(st.lang);
  const whenWords = wordsOf(st.text)
    .map((w) => fold(w.word))
    .filter((w) => weekdays(st.lang).has(w) || months.has(w) || d.ago.numbers[w] !== undefined);
  const when = new Set([...parseDates(st.text, st.lang), ...whenWords].flatMap((span) => termsOf(span, st.lang).stems));
  return st.terms.stems.filter((x) => !x.startsWith('cat:') && !x.startsWith('ref:') && !when.has(x) && !correctionMarkerStems().has(x));
}

/** Does the statement say a date or time and hardly anything else ("melhor dia 18 de manhã")? */
function thinStatement(st: Statement): boolean {
  return carriesType(st, 'time') && subjectStems(st).length <= THIN;
}

/**
 * What a statement that says only when is about: among the few statements before it, the latest one that names no
 * date or time of its own and says something ("preciso agendar uma vacina pra minha filha").
 */
function subjectBefore(st: Statement, statements: Statement[]): Statement | undefined {
  return statements
    .filter((o) => o.order < st.order && o.order >= st.order - FOLLOWING * 2 && !carriesType(o, 'time') && subjectStems(o).length > THIN)
    .sort((a, b) => b.order - a.order)[0];
}

/**
 * What the conversation is about, before a statement: among the statements before it that name no date or time, the one
 * whose terms the others share most (the order, the vaccine, the flat the person keeps coming back to), one holding a
 * number or code first on a tie. One that shares a word with the question comes first ("o que eu tenho marcado no dia 13?" →
 * "queria marcar consulta pro meu cachorro").
 */
function mainSubjectBefore(st: Statement, statements: Statement[], asked: string[] = []): Statement | undefined {
  const earlier = statements.filter((o) => o.order < st.order && !carriesType(o, 'time') && subjectStems(o).length > 0);
  const df = (term: string) => statements.filter((o) => o.terms.stems.includes(term)).length;
  const shares = (o: Statement) => asked.some((t) => !t.startsWith('cat:') && o.terms.stems.some((x) => x === t || kinStems(x, t)));
  const weight = (o: Statement) =>
    subjectStems(o).reduce((sum, t) => sum + (df(t) - 1), 0) + (o.terms.codes.length + o.terms.numbers.length > 0 ? 1 : 0) + (shares(o) ? 100 : 0);
  return [...earlier].sort((a, b) => weight(b) - weight(a) || b.order - a.order)[0];
}

// ---------------------------------------------------------------------------------------------
// Telling back
// ---------------------------------------------------------------------------------------------

/** lang/*.ts `verbs` with `tellingVerbs`, for telling back. */
const tellingVerbs = perLanguage((lang) => ({ ...LANGUAGE_DATA[lang].verbs, ...(LANGUAGE_DATA[lang].tellingVerbs ?? {}) }));

/** Person-shifts a first-person sentence: "I'm flying to Lisbon" → "you're flying to Lisbon" (per the language's data). */
export function shiftPerson(sentence: string, lang: Lang): string {
  const d = LANGUAGE_DATA[lang];
  const verbs = tellingVerbs(lang);
  const subjects: Record<Lang, string[]> = { en: ['i'], pt: ['eu'], es: ['yo'], fr: ['je', "j'"], de: ['ich'] };
  const negations = ['não', 'nao', 'no', 'ne', "n'", 'not', 'also', 'também', 'también', 'ya', 'já', 'still', 'ainda', 'todavía', 'me', 'te', 'se'];
  const parts = sentence.split(/(\s+|[,.;:!?()"“”«»]+)/u);
  let prev = '';
  let prev2 = '';
  let firstWord = true;
  // Pro-drop languages go on with the same subject: "Eu moro em Recife e trabalho como enfermeira".
  let sawFirst = false;
  const out: string[] = [];
  /** Where the last word was written in `out` (a German verb before its subject is shifted when the subject comes). */
  let lastWord = -1;
  for (const part of parts) {
    if (!part || /^\s+$|^[,.;:!?()"“”«»]+$/u.test(part)) {
      out.push(part);
      if (part && /[,.;:!?]/.test(part)) prev = prev2 = '';
      continue;
    }
    let word = part;
    // The subject word opened its clause: nothing but a conjunction before it.
    const leads = !prev2 || ['und', 'aber', 'oder', 'denn', 'sondern', 'dann', 'also'].includes(prev2);
    // French elisions: "j'habite" → "tu habites", "m'appelle" → "t'appelles".
    const el = /^([jmJM])['’](\p{L}+.*)$/u.exec(part);
    if (el && lang === 'fr') {
      const rest = el[2];
      const verb = verbs[rest.toLowerCase()];
      if (el[1].toLowerCase() === 'j') word = `tu ${verb ?? rest}`;
      else word = `t'${verb ?? rest}`;
      out.push(word);
      prev = 'je';
      firstWord = false;
      continue;
    }
    const lower = part.toLowerCase().replace(/’/g, "'");
    const determiner = DETERMINERS.has(prev);
    if (verbs[lower] && !determiner && (subjects[lang].includes(prev) || firstWord || sawFirst || negations.includes(prev))) {
      word = verbs[lower];
      sawFirst = true;
    } else if (lang === 'en' && (lower === 'am' || lower === 'was') && prev === 'i') word = lower === 'am' ? 'are' : 'were';
    else if (d.verbEndings?.[prev] && leads && part === lower && lower.length >= 3 && !DETERMINERS.has(lower) && d.shift[lower] === undefined) {
      // "ich singe" → "du singst", "wir haben" → "ihr habt" (lang/*.ts `verbEndings`), with the subject first in its clause:
      // after a verb ("donnerstags hab ich berufsschule") the word after it is no verb.
      const rule = d.verbEndings[prev].find(([end]) => lower.endsWith(end) && lower.length > end.length + 1);
      if (rule) word = lower.slice(0, lower.length - rule[0].length) + rule[1];
      else if (d.verbEndings[prev].some(([end]) => lower === end)) word = d.verbEndings[prev].find(([end]) => lower === end)![1];
    } else if (d.shift[lower] !== undefined && !(lang === 'en' && (lower === 'am' || lower === 'was'))) {
      word = d.shift[lower];
      if (subjects[lang].includes(lower)) sawFirst = true;
      // German puts the verb before its subject after an adverb: "vorher bin ich arbeiten" → "vorher bist du arbeiten".
      if (lang === 'de' && lower === 'ich' && verbs[prev] && lastWord >= 0) out[lastWord] = verbs[prev];
    }
    // A German sentence that drops its subject ("hab den heizlüfter ausgeliehen") is told with it: "du hast den…".
    if (lang === 'de' && firstWord && verbs[lower] && word === verbs[lower]) word = `du ${word}`;
    // A capital kept mid-sentence ("Paris" stays), but English "I" is capitalized as a pronoun, not a name ("when you poured").
    if (word !== part && /^\p{Lu}/u.test(part) && !firstWord && !(lang === 'en' && /^i(?:'|’|$)/iu.test(part)))
      word = word.charAt(0).toUpperCase() + word.slice(1);
    out.push(word);
    lastWord = out.length - 1;
    prev2 = prev;
    prev = lower;
    firstWord = false;
  }
  return squish(out.join('')).replace(/\byou are\b/g, 'you are');
}

/** Words after which a first-person verb form is a noun ("meu trabalho", "el vuelo"). */
const DETERMINERS = new Set([
  'o',
  'a',
  'os',
  'as',
  'um',
  'uma',
  'meu',
  'minha',
  'seu',
  'sua',
  'do',
  'da',
  'no',
  'na',
  'el',
  'la',
  'los',
  'las',
  'un',
  'una',
  'mi',
  'tu',
  'su',
  'del',
  'le',
  'les',
  'mon',
  'ma',
  'ton',
  'ta',
  'son',
  'sa',
  'du',
  'des',
  'my',
  'the',
  'your',
  'a',
  'an',
]);

/** Apologies that open a sentence, often a correction's ("sorry,", "perdão,", "perdón,"): no subject of their own. */
const APOLOGIES = ['sorry', 'my bad', 'desculpa', 'desculpe', 'perdão', 'perdao', 'perdón', 'perdon', 'disculpa', 'pardon', 'désolé', 'desole'];

/** Words that open a sentence without content: "So,", "Oh,", "Also", "Actually,", "Btw"… (and the correction markers). */
function stripOpeners(sentence: string, lang: Lang): string {
  let s = sentence;
  const markers = [
    ...LANGUAGE_DATA[lang].correctionMarkers,
    'so',
    'oh',
    'also',
    'and',
    'anyway',
    'btw',
    'by the way',
    'well',
    'ah',
    'e',
    'entao',
    'então',
    'y',
    'pues',
    'bueno',
    'et',
    'alors',
    'hi',
    'hello',
    'oi',
    'olá',
    'hola',
    'bonjour',
    'ok',
    'okay',
    ...LANGUAGE_DATA[lang].asking.openers,
    ...APOLOGIES,
  ].sort((a, b) => b.length - a.length);
  for (let i = 0; i < 3; i++) {
    const f = fold(s);
    const m = markers.find((mk) => {
      const fm = fold(mk);
      // Spanish "y" ("and") opens French "y a du café ?" ("is there…"): not an opener there.
      if (fm === 'y' && lang === 'fr') return false;
      return f.startsWith(fm) && /^[\s,:;.!—-]/.test(f.slice(fm.length));
    });
    // A laugh opens a message as a greeting does ("haha do u remember my name", "kkkk vc lembra…").
    const laugh = m ? undefined : LEADING_LAUGH.exec(s);
    if (!m && !laugh) break;
    s = s.slice(m ? m.length : laugh![0].length).replace(/^[\s,:;.!—-]+/, '');
  }
  return s;
}

/** A laugh at the start of a sentence, with what follows it before the next word. */
const LEADING_LAUGH = new RegExp(String.raw`^${LAUGH}(?=[\s,:;.!—-])`, 'iu');

/** lang/*.ts `tails`, longest first. */
const tailsOf = perLanguage((lang) => [...LANGUAGE_DATA[lang].tails].map(fold).sort((a, b) => b.length - a.length));

/** The sentence without what it ends with that says nothing ("…left handed if that matters lol" → "…left handed"). */
export function withoutTails(sentence: string, lang: Lang): string {
  let s = trimEnd(sentence);
  for (let i = 0; i < 3; i++) {
    const f = fold(s);
    const tail = tailsOf(lang).find((t) => f.endsWith(t) && /[\s,;.!—-]$/u.test(f.slice(0, f.length - t.length)));
    if (!tail) break;
    const cut = trimEnd(s.slice(0, s.length - tail.length));
    if (cut.split(/\s+/).length < 3) break;
    s = cut;
  }
  return s;
}

/** A statement told back in the reply language: person-shifted when it was said in that language, else quoted. */
export function tellBack(st: Statement, lang: Lang, seed: string): string {
  const d = LANGUAGE_DATA[lang];
  // "no, perdón, me equivoqué de fecha: el examen es el 21 de junio": what a correction says comes after its colon.
  // Not the colon of a time of day ("oops, make that 10:40, …").
  const colon = st.text.search(/:(?!\d)/u);
  const lead = colon > 0 ? st.text.slice(0, colon) : '';
  const said = lead && opensAsCorrection(lead) && lead.split(/\s+/).length <= 8 && st.text.slice(colon + 1).trim() ? st.text.slice(colon + 1).trim() : st.text;
  let body = withoutTails(withoutRuledOut(stripOpeners(said, st.lang)), st.lang);
  if (st.lang !== lang) return d.toldYouQuote.replace('{q}', body);
  // A proposal kept from a question is told back as one ("You suggested: drop it off on thursday…").
  const words = body.split(/\s+/u);
  const opener = d.proposals.leads.find((l) => fold(words.slice(0, l.split(' ').length).join(' ')) === fold(l));
  const proposed = opener !== undefined && words.length > opener.split(' ').length + 1;
  if (proposed) body = words.slice(opener.split(' ').length).join(' ');
  let shifted = shiftPerson(body, lang);
  if (/^(?:you|your|você|voce|seu|sua|seus|suas|tu|tus|tú|te|ton|ta|tes)\b/iu.test(shifted)) shifted = shifted.charAt(0).toLowerCase() + shifted.slice(1);
  else if (!/^\p{Lu}{2}|^I\b/u.test(shifted) && !/^\p{Lu}\p{Ll}+\s+\p{Lu}/u.test(shifted)) shifted = shifted.charAt(0).toLowerCase() + shifted.slice(1);
  return pick(proposed ? d.proposals.told : d.toldYou, seed).replace('{s}', shifted);
}

/**
 * A detail the person just gave, said back person-shifted for an acknowledgement ("the app keeps logging you out on
 * the roku"): the longest sentence of the message with four to thirty words, in the reply language; else undefined.
 */
export function echoDetail(message: string, lang: Lang): string | undefined {
  // A question, or a request to say something back, is never told back as noted ("c'est quelle marque déjà ?").
  const sentences = message
    .split(/(?<=[.!?…])\s+|\n+/u)
    .filter((x) => !/\?\s*$/u.test(x))
    .map((x) => withoutTails(stripOpeners(x.trim(), lang), lang))
    .filter(Boolean);
  const best = sentences.filter((x) => !opensLikeQuestion(x, lang) && !asksToTellBack(x, lang)).sort((a, b) => b.length - a.length)[0];
  if (!best) return undefined;
  const words = best.split(/\s+/).length;
  if (words < 4 || words > 30 || statementLanguage(best, lang) !== lang) return undefined;
  // What is left of an apology or a thanks ("sorry for all the messages" → "for all the messages") is not noted: a detail
  // has two words of meaning at least.
  if (termsOf(best, lang).stems.filter((t) => !t.startsWith('cat:')).length < 2) return undefined;
  const shifted = shiftPerson(best, lang);
  return /^\p{Lu}{2}|^I\b/u.test(shifted) ? shifted : shifted.charAt(0).toLowerCase() + shifted.slice(1);
}

/** A request for a summary of what was said ("recap", "summarise", "me resume tudo", "resúmeme el caso", "un petit récap"). */
const RECAP = /\b(?:recap\w*|summary|summari[sz]e|sum up|recapitul\w*)\b/;
/** "Resume" is a summary in pt, es and fr, but "resume my subscription" in English. */
const RESUME = /\b(?:resum[oe]|resumir|resumindo|resumen|resumeme|resumes)\b/;

export function isRecapRequest(message: string, lang: Lang): boolean {
  const p = plain(message);
  return RECAP.test(p) || (lang !== 'en' && RESUME.test(p));
}

/**
 * The statements a recap tells back: the ones that carry the most values (codes, numbers, dates, names), at most `max`,
 * in the order they were said.
 */
export function recapStatements(statements: Statement[], max = 4): Statement[] {
  const weight = (s: Statement) => s.terms.codes.length * 2 + s.terms.numbers.length + s.terms.dates.length + s.terms.names.length;
  // A relative date alone ("today") is not a detail worth a recap.
  return statements
    .filter((s) => s.terms.codes.length + s.terms.numbers.length + s.terms.names.length > 0)
    .sort((a, b) => weight(b) - weight(a) || b.order - a.order)
    .slice(0, max)
    .sort((a, b) => a.order - b.order);
}

/** lang/*.ts `aboutMe`, folded and padded for a lookup. */
const aboutMePhrases = perLanguage((l) => LANGUAGE_DATA[l].aboutMe.map((ph) => plain(ph)));

/**
 * A question for everything the agent knows about the person ("so what do u know about me so far", "o que vc lembra de
 * mim?", "was weißt du alles über mich?"): a phrase of lang/*.ts `aboutMe` in any language, shorthand written out.
 */
export function asksAboutMe(message: string, lang: Lang): boolean {
  const folded = plain(expandShorthand(message, lang));
  return ALL_LANGS.some((l) => aboutMePhrases(l).some((ph) => folded.includes(ph)));
}

/**
 * The statements an answer to "what do you know about me?" tells back: those that carry the most details (codes and
 * e-mails count twice; numbers, dates and names once; a correction, said on purpose, once more), at most `max`, in the
 * order they were said. A statement with no detail at all (chatter: "ugh the weather is grim today") is left out unless
 * nothing else was said.
 */
export function profileStatements(statements: Statement[], max = 7): Statement[] {
  const weight = (s: Statement) =>
    (s.terms.codes.length + s.terms.emails.length) * 2 +
    s.terms.numbers.length +
    s.terms.dates.length +
    s.terms.names.length +
    (s.terms.stems.some((t) => t.startsWith('cat:')) ? 1 : 0) +
    (s.correction ? 1 : 0);
  const valuesOf = (s: Statement) => [...s.terms.codes, ...s.terms.emails, ...s.terms.numbers];
  const told = statements.filter((s) => !isQuestion(s.text, s.lang) && !opensLikeQuestion(s.text, s.lang));
  // A correction whose values were all written into what it corrects ("oh it should be …co.uk, not .com") says nothing more.
  const corrects = (s: Statement) => s.correction || isCorrection(s.text, s.lang) || saysNot(s.text);
  const kept = told.filter(
    (s) => !corrects(s) || !valuesOf(s).length || !valuesOf(s).every((v) => told.some((o) => o.order < s.order && valuesOf(o).includes(v))),
  );
  const weighed = kept.filter((s) => weight(s) > 0).sort((a, b) => weight(b) - weight(a) || b.order - a.order);
  // Then what carries no detail, oldest first (facts come early; chatter fills the middle of a long conversation).
  const rest = kept.filter((s) => weight(s) === 0);
  return [...weighed, ...rest].slice(0, max).sort((a, b) => a.order - b.order);
}

/** The months of every language, folded. */
const MONTH_WORDS = new Set(ALL_LANGS.flatMap((l) => LANGUAGE_DATA[l].months.map(fold)));

/** Small words that may come before a question's opening ("and what's on the 23rd?", "e o que tem no dia 16?"). */
const AND_SO = /^(?:and|so|ok|okay|e|y|et|und|also|then|entonces|então|entao|alors|bueno|bon)\s+/iu;

/**
 * "What's happening on the 14th?", "¿qué tengo el 17?", "was ist am 29. bei uns los?": the day of the month asked about, as
 * written for saying it back ("14th", "17"), and its number; undefined unless the message asks with lang/*.ts
 * `agenda.asks` and names one day of the month.
 */
export function askedDay(message: string, lang: Lang): { day: string; n: number } | undefined {
  const body = stripOpeners(expandShorthand(message, lang), lang);
  const head = plain(body).trim().replace(AND_SO, '');
  if (!LANGUAGE_DATA[lang].agenda.asks.some((a) => head.startsWith(`${plain(a).trim()} `))) return undefined;
  if (!/\?/.test(message) && !opensLikeQuestion(body, lang)) return undefined;
  const named = dayNamed(body);
  if (!named) return undefined;
  // A day, not a time of it ("what time on the 23rd?") nor an ordinal of a thing ("the 3rd floor"): the word after it is
  // a stop word or a month, if any.
  if (answerTypesOf(body, lang).some((t) => t === 'hour' || t === 'place' || t === 'number' || t === 'code')) return undefined;
  const next = wordsOf(body.slice(named.end))[0]?.word;
  if (next && !isStopWord(next, lang) && !MONTH_WORDS.has(fold(next))) return undefined;
  return { day: named.day, n: named.n };
}

/** lang/*.ts `agenda.book`, folded. */
const bookWords = perLanguage((lang) => new Set(LANGUAGE_DATA[lang].agenda.book.map((w) => plain(w).trim())));

/**
 * Did the person ask for a slot on a day they named: a statement holding the day that is a request ("can she be seen on the
 * 14th") or a correction, in a conversation whose messages (`said`) asked to book (lang/*.ts `agenda.book`: "quería cita…")?
 */
export function bookedDay(held: Statement[], said: string[], lang: Lang): boolean {
  const words = bookWords(lang);
  const books = (text: string) =>
    plain(text)
      .trim()
      .split(' ')
      .some((w) => words.has(w));
  if (!said.some(books) && !held.some((s) => books(s.text))) return false;
  return held.some((s) => ASKING.has(fold(wordsOf(s.text)[0]?.word ?? '')) || s.correction || isCorrection(s.text, s.lang) || books(s.text));
}

/**
 * The question a message asks, as written, for saying it back ("is there parking near the inn?"): the longest question
 * sentence of four to twenty-five words that carries two content words, with its opening filler dropped; else undefined.
 */
export function echoQuestion(message: string, lang: Lang): string | undefined {
  const parts = message
    .split(/(?<=[.!?…])\s+|\n+/u)
    .map((x) => stripOpeners(x.trim(), lang))
    .filter(Boolean);
  const best = parts.filter((x) => /\?\s*$/.test(x)).sort((a, b) => b.length - a.length)[0];
  if (!best) return undefined;
  const words = best.split(/\s+/).length;
  if (words < 4 || words > 25 || termsOf(best, lang).stems.length < 2) return undefined;
  // French sets a space before "?" ("y a du café ?"), as the replies around it do before ":".
  return best.replace(/\s*\?+\s*$/u, lang === 'fr' ? ' ?' : '?');
}

/**
 * Questions about who or what the agent is, beyond the fixed phrases: "who am I chatting with", "a real person or a bot?",
 * "vc é quem?", "¿quién me atiende?", "vous êtes qui ?", "tu t'appelles comment ?", "vous êtes un conseiller ou un robot ?"
 * (folded text).
 */
const AGENT_PATTERNS: RegExp[] = [
  /\b(?:who|whom) am i (?:talking|speaking|chatting|writing)\b|\bwhat (?:are|r) (?:you|u) called\b|\bwhat (?:you|u) are called\b|\bi'?m (?:talking|speaking|chatting) (?:to|with)\b/,
  /\b(?:is this|is that|are you|r u|am i (?:talking|chatting|speaking) (?:to|with)) (?:a |an )?(?:real |actual )?(?:person|human|bot|robot|machine|ai)\b|\b(?:human|person|people) or (?:a )?(?:bot|robot|machine|ai)\b|\b(?:bot|robot|machine|ai) or (?:a )?(?:real )?(?:human|person)\b/,
  /\bcom quem (?:eu )?(?:to|estou|tou|falo|converso)\b|\b(?:vc|voce) e quem\b|\bquem (?:e|eh) (?:vc|voce)\b|\bnome daqui\b|\b(?:pessoa|humano|humana|robo|bot|atendente) ou (?:um |uma )?(?:robo|bot|pessoa|humano|humana|atendente)\b/,
  /\bquien me (?:atiende|escribe|responde)\b|\bcon quien (?:hablo|estoy hablando|hablas)\b|\b(?:persona|humano|humana|bot|robot) o (?:un |una )?(?:bot|robot|persona|humano|humana|maquina)\b/,
  /\b(?:vous etes|tu es|t'es) qui\b|\b(?:tu t'appelles|vous vous appelez) comment\b|\bcomment (?:vous vous appelez|tu t'appelles)\b|\b(?:humain|humaine|robot|bot|conseiller|conseillere|personne) ou (?:un |une )?(?:humain|humaine|robot|bot|ia|machine|plateforme|conseiller)\b|\bc'est quoi (?:votre|ton) nom\b|\bvous etes (?:un |une |l'|le |la )?[\p{L}']+(?: [\p{L}']+)? ou (?:un |une )?[\p{L}']+/u,
];

/** A question asks for a name ("what's the name of…", "¿cómo se llama…?", "c'est quoi le nom de…"), not the person's own. */
const NAME_ASK = /\b(?:name|called|nome|chama|nombre|llama|nom|appelle)\b/;
const OWN_NAME = /\b(?:my|mon|ma|meu|minha|mi|mio)\s+(?:\p{L}+\s+)?(?:name|nom|nome|nombre|prenom)\b|\b(?:am i|do i go by|me llamo|me chamo|je m'appelle)\b/u;

/**
 * lang/*.ts `agentQuestions`, folded and padded for a lookup, each with what makes it a question about someone else: a
 * "who" phrase followed by an `aside` preposition of lang/addressee.ts ("who is this for?", "c'est pour qui ?").
 */
const agentPhrases = perLanguage((l) =>
  LANGUAGE_DATA[l].agentQuestions.map((ph) => {
    const said = plain(ph).trim();
    const who = said.split(' ').some((w) => ADDRESSEE[l].who.includes(w));
    return { said: ` ${said} `, aside: who ? ADDRESSEE[l].aside.map((a) => ` ${said} ${plain(a).trim()} `) : [] };
  }),
);

/**
 * Phrases of the agent-identity questions ("who am I talking to?", "com quem eu falo?", "à qui je parle ?"), the
 * patterns above, and, given the agent's name, a question for a name that names the agent's own kind ("what's the name of
 * the school?" to "Cadenza Music School", "¿cómo se llama la óptica?" to "Óptica Miramar").
 */
export function isAgentQuestion(message: string, agentName?: string): boolean {
  const folded = plain(message);
  const asks = (l: Lang) => agentPhrases(l).some((ph) => folded.includes(ph.said) && !ph.aside.some((a) => folded.includes(a)));
  if (ALL_LANGS.some(asks)) return true;
  const p = folded.replace(/\s+/g, ' ');
  if (AGENT_PATTERNS.some((re) => re.test(p))) return true;
  if (!agentName || !NAME_ASK.test(p) || OWN_NAME.test(p)) return false;
  const own = wordsOf(agentName)
    .map((w) => fold(w.word))
    .filter((w) => w.length >= 4);
  return own.some((w) => p.includes(` ${w} `));
}
