import { ADDRESSEE } from './lang/addressee';
import { SMALL_TALK, type SmallTalkClass } from './lang/smalltalk';
import type { Lang } from './language';
import { fold } from './text';

/*
 * Small talk and off-topic questions (lang/smalltalk.ts): which kind a message is, in any of the languages (a short
 * question may read as another language to the detector), and the short answer in the reply language.
 */

const LANGS = Object.keys(SMALL_TALK) as Lang[];

function tokens(text: string): string[] {
  return fold(text)
    .replace(/ß/g, 'ss')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const tok = (phrase: string) => tokens(phrase);

/** Does the token list hold the phrase's tokens in a row? */
function holds(t: string[], phrase: string[]): boolean {
  if (!phrase.length || phrase.length > t.length) return false;
  for (let i = 0; i + phrase.length <= t.length; i++) if (phrase.every((p, k) => t[i + k] === p)) return true;
  return false;
}

const YOU = new Set(LANGS.flatMap((l) => ADDRESSEE[l].you.map(fold)));
const LIKES = new Set(LANGS.flatMap((l) => SMALL_TALK[l].likes.map(fold)));
const CLASSES = LANGS.flatMap((l) =>
  (Object.keys(SMALL_TALK[l].classes) as SmallTalkClass[]).flatMap((c) => SMALL_TALK[l].classes[c].cues.map((cue) => ({ c, cue: tok(cue) }))),
).sort((a, b) => b.cue.length - a.cue.length);
const OPENERS = new Set([
  'and',
  'so',
  'ok',
  'okay',
  'well',
  'hey',
  'e',
  'entao',
  'y',
  'bueno',
  'vale',
  'et',
  'bon',
  'alors',
  'und',
  'also',
  'oi',
  'hi',
  'hola',
]);
const STATUS = LANGS.flatMap((l) => SMALL_TALK[l].status.map(tok));

/**
 * The kind of small talk a short message asks ("what's the weather like?", "tu aimes le foot ?", "cuéntame un chiste"),
 * if it asks one. `asks`: the message is a question or a request (a statement that names the weather is not small talk).
 */
export function smallTalkOf(message: string, asks: boolean): SmallTalkClass | undefined {
  const t = tokens(message);
  if (!asks || !t.length || t.length > 12) return undefined;
  const hit = CLASSES.find((x) => holds(t, x.cue));
  if (hit) return hit.c;
  // A verb of liking next to a word for the agent: "do you like…", "você curte…", "te gusta…", "tu aimes…", "magst du…".
  const likes = t.some((x, i) => LIKES.has(x) && [t[i - 1], t[i - 2], t[i + 1]].some((n) => n !== undefined && YOU.has(n)));
  return likes && /\?/.test(message) ? 'likes' : undefined;
}

/** The person checks on their case and says nothing else: "still nothing?", "e agora?", "¿alguna novedad?", "toujours rien ?". */
export function isStatusCue(message: string): boolean {
  const all = tokens(message);
  if (!all.length || all.length > 6) return false;
  let k = 0;
  while (k < all.length && OPENERS.has(all[k])) k++;
  // "e agora?" is a cue as a whole; "ok, any news?" once its opener is set aside.
  return [all, all.slice(k)].some((t) => STATUS.some((s) => s.length <= t.length && t.length - s.length <= 1 && s.every((x, i) => t[i] === x)));
}

/** The answer to a kind of small talk, in the reply language. */
export function smallTalkAnswer(c: SmallTalkClass, lang: Lang): string {
  return SMALL_TALK[lang].classes[c].answers[0];
}

/** "Back to your order:" in the reply language. */
export function backTo(about: string, lang: Lang): string {
  return SMALL_TALK[lang].back.replace('{about}', about);
}
