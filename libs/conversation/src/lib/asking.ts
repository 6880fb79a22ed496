import { LANGUAGE_DATA, questionStarts } from './lang';
import { escapeRe, fold } from './text';

/*
 * The question words of every language (lang/*.ts `asking`), gathered once: a message may ask in one language while
 * the detector reads another, so each check takes the words of all four.
 */

const all = (pick: (a: (typeof LANGUAGE_DATA)['en']['asking']) => string[]) => [
  ...new Set(Object.values(LANGUAGE_DATA).flatMap((d) => pick(d.asking).map((w) => fold(w)))),
];

/** Longest first, so "por que" is tried before "por". */
const alternation = (phrases: string[]) =>
  [...phrases]
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|');

/** Interrogatives that open a question without "?": "what", "qual", "cuándo", "combien"… */
export const INTERROGATIVES: ReadonlySet<string> = new Set(all((a) => a.interrogatives));
/** Words before an interrogative that keep it a question: "em que dia", "on which device", "à quelle heure". */
export const INTERROGATIVE_LEADS: ReadonlySet<string> = new Set(all((a) => a.leads));
/** What may follow a lead: an interrogative or a relative ("o que eu disse", "de quoi"). */
export const AFTER_LEAD: ReadonlySet<string> = new Set([...INTERROGATIVES, ...all((a) => a.relatives)]);
/** Auxiliaries and modals that open a yes/no question or a request ("can you…", "pode…", "¿puedes…?", "est-ce que…"). */
export const AUXILIARIES: ReadonlySet<string> = new Set(all((a) => a.auxiliaries));

/** A message (folded, marks dropped) that opens like a question for the intents: "qual…", "can you…", "est-ce…". */
export const QUESTION_START = new RegExp(
  `^(?:${alternation([...new Set(Object.values(LANGUAGE_DATA).flatMap((d) => questionStarts(d).map((w) => fold(w))))])})\\b`,
);

/**
 * A message (folded) that opens as a question about something remembered, after any openers ("and", "e", "y", "et"…):
 * "remind me my order number", "me diz meu nome", "tu te souviens…".
 */
export const RECALL_START = new RegExp(`^(?:(?:${alternation(all((a) => a.openers))})[,!]?\\s+)*(?:${alternation(all((a) => a.recallStarts))})\\b`, 'u');
