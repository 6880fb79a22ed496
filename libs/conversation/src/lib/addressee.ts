import { ADDRESSEE, type AddresseeWords } from './lang/addressee';
import { QUESTION_START } from './asking';
import { isStopWord } from './terms';
import { fold } from './text';
import type { Lang } from './language';

/*
 * Who a question is about, read as a small grammar over the words of lang/addressee.ts (every language at once: a short
 * question may read as another language to the detector): a name word next to the agent ("your name", "te llamas",
 * "heißt du") or next to the person ("my name", "me chamo", "je m'appelle"); a "who" with the agent as subject ("who
 * are you", "quién eres") or with a verb of talking ("who am I chatting with", "com quem eu falo", "mit wem spreche
 * ich"); a request that opens by asking the agent to do something ("can you check?", "pode cancelar?").
 */

type WordSets = { [K in keyof AddresseeWords]: ReadonlySet<string> };

const WORDS: WordSets = (() => {
  const keys = Object.keys(ADDRESSEE.en) as Array<keyof AddresseeWords>;
  const out = {} as Record<keyof AddresseeWords, Set<string>>;
  for (const k of keys) out[k] = new Set(Object.values(ADDRESSEE).flatMap((d) => d[k].map((x) => fold(x))));
  return out;
})();

/** Folded words, elisions split ("t'appelles" → "t", "appelles"), "ß" as "ss". */
function tokens(text: string): string[] {
  return fold(text)
    .replace(/ß/g, 'ss')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function isQuestion(text: string, t: string[]): boolean {
  return /\?/.test(text) || QUESTION_START.test(t.join(' ')) || WORDS.who.has(t[0] ?? '');
}

/** The index of a name word or naming verb, with what is next to it. */
function nameWords(t: string[]): number[] {
  return t.map((x, i) => (WORDS.names.has(x) || WORDS.called.has(x) ? i : -1)).filter((i) => i >= 0);
}

/** "what's your name?", "cómo te llamas", "tu t'appelles comment ?", "wie heißt du?", "what should I call you?" */
function asksAgentName(t: string[]): boolean {
  return nameWords(t).some((i) => {
    const [before, after] = [t[i - 1] ?? '', t[i + 1] ?? ''];
    if (WORDS.names.has(t[i])) return WORDS.yours.has(before) && !WORDS.mine.has(before);
    // "call me Bob", "heiße ich": the person's own name; "vc lembra como chama minha bichana?": their cat's.
    if (WORDS.me.has(after) || WORDS.mine.has(after)) return false;
    if (WORDS.you.has(before) || WORDS.you.has(after)) return true;
    // "como você se chama", "e você, como se chama": the agent a few words before, no one else in between.
    const near = t.slice(Math.max(0, i - 3), i);
    return near.some((n) => WORDS.you.has(n)) && !t.slice(Math.max(0, i - 2), i).some((n) => WORDS.me.has(n));
  });
}

/** "what's my name?", "tu te rappelles mon prénom ?", "como eu me chamo?", "wie heiße ich?" */
function asksOwnNameWords(t: string[]): boolean {
  return nameWords(t).some((i) => {
    const [before, after] = [t[i - 1] ?? '', t[i + 1] ?? ''];
    if (WORDS.names.has(t[i])) return WORDS.mine.has(before);
    if (WORDS.you.has(before) || WORDS.you.has(after)) return false;
    return WORDS.me.has(before) || after === 'ich';
  });
}

/** "who are you", "who exactly am I chatting with", "com quem eu falo", "à qui je parle", "wer ist da?" */
function asksWho(t: string[]): boolean {
  return t.some((x, i) => {
    if (!WORDS.who.has(x)) return false;
    const next = t.slice(i + 1, i + 7);
    // "who should I talk to about refunds?", "with whom can I speak?": whom to turn to, not who this is.
    if (next.slice(0, 3).some((n) => WORDS.route.has(n))) return false;
    // "für wen ist das Ticket?", "¿de quién te dije que soy fan?", "the kid seat, who's that for?": someone else.
    if (WORDS.aside.has(t[i - 1] ?? '') || next.slice(2, 4).some((n) => WORDS.aside.has(n))) return false;
    // "¿quién me habló de la batería?", "who told me about the offer?": who said something, about something.
    const talked = next.findIndex((n) => WORDS.talk.has(n));
    if (talked >= 0 && next.slice(talked + 1, talked + 3).some((n) => WORDS.aside.has(n))) return false;
    const near = next.slice(0, 3);
    // "qui c'est qui doit l'acheter ?", "who is it that picks it up?", "quem é que vai buscar?": someone else, named by a relative.
    // ("à qui est-ce que j'écris ?" asks with "est-ce que", no relative.)
    if (next.slice(1, 4).some((n, k) => RELATIVES.has(n) && next[k] !== 'ce' && next.slice(0, k + 1).some((b) => WORDS.be.has(b)))) return false;
    const agentish = (ws: string[]) => ws.some((n) => WORDS.be.has(n)) && ws.some((n) => WORDS.you.has(n) || WORDS.this.has(n));
    // "who is your manager?" asks about someone else ("tu" is "you" in French, "your" in Spanish).
    if (agentish(near)) return !near.some((n) => WORDS.yours.has(n) && !WORDS.you.has(n));
    // "vous êtes qui ?", "c'est qui ?", "t'es qui ?", "e vc, quem é?", "you are who exactly?": the agent and a verb of being
    // just before the "who" (or the agent before and the verb after it), no possessive.
    const before = t.slice(Math.max(0, i - 3), i);
    if (i === t.length - 1 && agentish(before)) return true;
    if (
      !t.some((n) => WORDS.yours.has(n) && !WORDS.you.has(n)) &&
      before.some((n) => WORDS.you.has(n)) &&
      (before.some((n) => WORDS.be.has(n)) || (near.slice(0, 1).some((n) => WORDS.be.has(n)) && i >= t.length - 2))
    )
      return true;
    // A verb of talking with the person as its subject, said or implied ("com quem falo", "con quién hablo"), or said
    // before the "who" ("je discute avec qui ?", "I'm talking to who?"); "tô falando com quem?": a first person implied by
    // the verb, no one else named.
    const someoneElse = t.some((n) => WORDS.third.has(n));
    return (
      next.some((n) => WORDS.talk.has(n)) ||
      (i >= t.length - 2 && before.some((n) => WORDS.talk.has(n)) && (before.some((n) => WORDS.me.has(n)) || !someoneElse))
    );
  });
}

/** A question about the agent itself: its name, or who is on the other end. */
export function asksAboutAgent(message: string): boolean {
  const t = tokens(message);
  if (!t.length || t.length > 16 || !isQuestion(message, t)) return false;
  return asksAgentName(t) || asksWho(t) || asksWhatAgentIs(t) || asksYouAre(t);
}

/**
 * "Are you a bot?", "vc é robô?", "¿hablo con una persona?", "c'est un humain ?", "bin ich mit einem Menschen verbunden?":
 * what the agent is, in a short question naming a kind of being with the agent, "this" or a verb of talking, and no
 * possessive ("is your manager a real person?" asks about someone else).
 */
function asksWhatAgentIs(t: string[]): boolean {
  if (t.length > 10 || !t.some((x) => WORDS.beings.has(x))) return false;
  if (t.some((x) => WORDS.yours.has(x) && !WORDS.you.has(x))) return false;
  // "Can I talk to a real person?", "quero falar com um humano": a request to be handed over, not a question about the agent.
  if (t.some((x) => WORDS.route.has(x) || WORDS.want.has(x))) return false;
  return t.some((x) => WORDS.you.has(x) || WORDS.this.has(x) || WORDS.talk.has(x) || x === 'verbunden' || x === 'connected');
}

/** "And you are?", "¿y usted es?", "pardon, vous êtes ?", "und Sie sind?": only the agent and a verb of being, asked. */
function asksYouAre(t: string[]): boolean {
  const rest = t.filter((x) => !OPENERS.has(x) && !WORDS.apologies.has(x));
  return rest.length === 2 && rest.some((x) => WORDS.you.has(x)) && rest.some((x) => WORDS.be.has(x));
}

/** A question for the person's own name ("tu te rappelles mon prénom ?"), not a statement of it ("my name is Ana"). */
export function asksOwnName(message: string): boolean {
  const t = tokens(message);
  if (!t.length || t.length > 14 || !isQuestion(message, t)) return false;
  return asksOwnNameWords(t);
}

/** Relatives after "who is it": "qui c'est qui…", "who is it that…", "quem é que…", "wer ist es, der…". */
const RELATIVES = new Set(['qui', 'que', 'that', 'who', 'der', 'die']);

const OPENERS = new Set([
  'and',
  'so',
  'ok',
  'okay',
  'well',
  'then',
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
  'please',
  'por',
  'favor',
  'hi',
  'oi',
  'hola',
  'bonjour',
  'hallo',
]);
const REQUESTS = Object.values(ADDRESSEE)
  .flatMap((d) => d.requests.map((r) => tokens(r)))
  .sort((a, b) => b.length - a.length);

/**
 * A request to the agent ("can you check again?", "pode cancelar?", "¿me ayudas?", "vous pouvez vérifier ?", "kannst du
 * nachsehen?") that asks for nothing said before (no "remind", "my order number"): it asks the agent to act, and is not
 * answered by telling the person what they said.
 */
export function isRequestToAgent(message: string): boolean {
  const all = tokens(message);
  let k = 0;
  while (k < all.length && OPENERS.has(all[k])) k++;
  const t = all.slice(k);
  const opens = REQUESTS.some((r) => r.length <= t.length && r.every((x, i) => t[i] === x));
  if (!opens) return false;
  return !t.some((x) => WORDS.recall.has(x) || WORDS.mine.has(x));
}

/**
 * A question for something the person said before ("what time did I say?", "que horas mesmo?", "c'était quoi déjà ?",
 * "welcher Browser war das nochmal?"): when memory holds no answer, the reply says so and asks for it again, never "I can't
 * look that up".
 */
export function asksWhatWasTold(message: string): boolean {
  const t = tokens(message);
  if (!t.length || !isQuestion(message, t)) return false;
  return t.some((x) => WORDS.recall.has(x) || WORDS.again.has(x));
}

/** The person as a subject ("I", "eu", "yo", "je", "ich"): "what can I do?" asks for advice, not what the agent does. */
const SUBJECT_ME = new Set(['i', 'im', 'eu', 'yo', 'je', 'j', 'ich']);
const STOP_LANGS: Lang[] = ['en', 'pt', 'es', 'fr', 'de'];

/**
 * "What kinds of things can you sort out for me here?", "o que vcs fazem aí na clínica além de vender?", "¿qué cosas me
 * puedes ayudar a gestionar?", "was bieten Sie denn alles an?": a "what" question with a verb of serving, about no case of
 * the person's (no "my", no "I" as subject, nothing said of "about the noise"), naming at most one thing of its own
 * ("la clínica", "el estudio"; what follows "besides" is what the business is known for). It asks what the agent or the
 * business is for.
 */
export function asksCapabilities(message: string): boolean {
  // Any of its sentences ("e tu ajuda com o que exatamente? só pedido ou tem mais coisa?").
  return message.split(/(?<=[?!.])\s+/u).some(asksCapabilitiesIn);
}

function asksCapabilitiesIn(message: string): boolean {
  const t = tokens(message);
  if (!t.length || !isQuestion(message, t)) return false;
  if (!t.some((x) => WORDS.what.has(x))) return false;
  if (t.some((x) => WORDS.mine.has(x) || SUBJECT_ME.has(x) || WORDS.recall.has(x))) return false;
  const end = t.findIndex((x) => WORDS.besides.has(x));
  const own = end >= 0 ? t.slice(0, end) : t;
  const known = (x: string) =>
    WORDS.what.has(x) ||
    WORDS.serve.has(x) ||
    WORDS.generic.has(x) ||
    WORDS.can.has(x) ||
    WORDS.you.has(x) ||
    WORDS.me.has(x) ||
    WORDS.about.has(x) ||
    WORDS.at.has(x) ||
    STOP_LANGS.some((l) => isStopWord(x, l));
  let place = 0;
  for (const [k, x] of own.entries()) {
    if (known(x)) continue;
    // "what can you do about the noise?" is a case of the person's; "what do you do when it rains?" asks something else. Only
    // the place the business is ("na clínica", "en el estudio") may be named.
    const before = own
      .slice(0, k)
      .reverse()
      .find((y) => !STOP_LANGS.some((l) => isStopWord(y, l)) || WORDS.about.has(y) || WORDS.at.has(y));
    if (!before || !WORDS.at.has(before) || ++place > 1) return false;
  }
  // "what do you think?": "do" before its subject is no verb of serving.
  return t.some((x, k) => WORDS.serve.has(x) && !(x === 'do' && WORDS.you.has(t[k + 1] ?? '')));
}

/** "Falta" and "fehlt" ask what is missing without naming who: "falta alguma info pra fechar?". */
const MISSING = new Set(['falta', 'faltou', 'fehlt', 'manque']);

/**
 * "Do you need anything else from me?", "falta alguma info pra fechar?", "¿necesitas algo más de mí?", "brauchst du noch
 * was von mir?", "vous avez besoin d'autre chose ?": whether the agent still needs something of the person. Not "what else
 * do I need to bring?" (the person asks what they need).
 */
export function asksWhatElseIsNeeded(message: string): boolean {
  const t = tokens(message);
  if (!t.length || !isQuestion(message, t)) return false;
  if (t.some((x) => SUBJECT_ME.has(x))) return false;
  if (!t.some((x) => WORDS.need.has(x))) return false;
  const more = t.findIndex((x) => WORDS.more.has(x));
  if (more < 0) return t.some((x) => MISSING.has(x));
  // "anything else", "mais alguma coisa", "algo más": nothing named ("do you need more photos?" asks for photos).
  const next = t[more + 1];
  return !next || WORDS.generic.has(next) || WORDS.me.has(next) || WORDS.you.has(next) || WORDS.about.has(next) || STOP_LANGS.some((l) => isStopWord(next, l));
}
