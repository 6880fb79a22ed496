import { asksAboutAgent, asksOwnName, asksWhatElseIsNeeded, asksWhatWasTold, isRequestToAgent } from './addressee';
import { backTo, isStatusCue, smallTalkAnswer, smallTalkOf } from './smalltalk';
import { article as enArticle, ASKED_FOR_NAME, bareName, describeFacts, extractFacts, mergeFacts, relationPhrase } from './facts';
import { detectLanguage } from './detect-language';
import { detectIntents, isAsk, splitApology, type Intents } from './intents';
import { chooseReplyLanguage, languageFamily, tr, type Lang, type LangTexts } from './language';
import { answerRecall, matchMemoryQuestion, recallSentences } from './recall';
import { ALL_SLOTS, findSlotNouns, slotLabel } from './slots';
import { domainOfConversation, tipFor, tradeAsk } from './domains';
import { CRITERIA_ASKS, CRITERIA_DONE, GENERIC_TRADE, type Trade } from './lang/trades';
import { LANGUAGE_DATA } from './lang';
import {
  applyCorrections,
  asksWhatWasSaid,
  asksForSomethingNew,
  buildStatements,
  clausesOf,
  correctFacts,
  correctionValue,
  echoDetail,
  echoQuestion,
  extractStatements,
  findCorrections,
  isAgentQuestion,
  isCorrection,
  isRecapRequest,
  answerTypesOf,
  asksToTellBack,
  isSelfQuestion,
  isStatementFact,
  isAddress,
  latestAddress,
  opensLikeQuestion,
  recallStatements,
  recapStatements,
  profileStatements,
  asksAboutMe,
  speaksOfSelf,
  proposesTime,
  proposedWhen,
  askedDay,
  questionClauses,
  holdsDay,
  bookedDay,
  statementLanguage,
  tellBack,
  type Correction,
  type Statement,
} from './statements';
import { expandShorthand } from './shorthand';
import { getSoul } from './souls';
import { termsOf } from './terms';
import { capitalize, fold, joinList, pick, sentences, squish, trimEnd } from './text';
import { findTopic, topicLines } from './topics';
import type { ChatTurn, Fact, ReplyRequest } from './types';
import {
  ABOUT_YOU,
  APOLOGY_REPLY,
  CELEBRATE,
  COMPLIMENT_REPLY,
  CONDOLENCES,
  CONFUSED_REPLY,
  DOMAIN,
  NEUTRAL_WRAP,
  NO_LOOKUP,
  OPEN,
  REQUEST_OPENER,
  SYMPATHY,
  WAIT_REPLY,
} from './phrases';
import { linesFor, voiceFor, type Voice, type VoiceLines } from './voices';

interface Ctx {
  req: ReplyRequest;
  lang: Lang;
  voice: Voice;
  L: VoiceLines;
  seed: string;
  n: number;
  name?: string;
  /** The person's name as given ("Gérard Fontaine"); `name` is its first word. */
  fullName?: string;
  nameUsed: boolean;
  history: ChatTurn[];
  userTurns: string[];
  lastAssistant?: string;
  firstContact: boolean;
  knownFacts: Fact[];
  newFacts: Fact[];
  statedName?: string;
  /** The message only corrects a value: the thanks with the new value come before the closing question. */
  bareCorrection?: boolean;
  /** Set when the reply answers a question from memory. */
  recalled?: boolean;
  /** The reply says who the agent is. */
  introduced?: boolean;
  /** Everything the person said about themself or their case (the statement memory), corrections applied. */
  statements: Statement[];
  /** Values the person corrected ("X, not Y"): the old value is never used. */
  corrections: Correction[];
  /** `statements` without the message's own (earlierStatements), read once per message. */
  earlier?: { message: string; statements: Statement[] };
  /** The whole message, before an apology is split off it ("desculpa, tô meio perdida. que horas começa mesmo?"). */
  message: string;
}

/** "Do you need anything else from me?": nothing more for now, what was given is kept. */
const NOTHING_ELSE: Record<'warm' | 'reserved', Record<Lang, string>> = {
  warm: {
    en: "Nothing else for now{name} — I have what you've told me. If anything changes, just let me know.",
    pt: 'Por enquanto não preciso de mais nada{name} — já tenho o que você me passou. Se algo mudar, é só me avisar.',
    es: 'Por ahora no necesito nada más{name}: ya tengo lo que me has contado. Si algo cambia, me avisas.',
    fr: 'Rien d’autre pour l’instant{name} : j’ai ce que tu m’as donné. Si quelque chose change, dis-le-moi.',
    de: 'Im Moment brauche ich nichts weiter{name} – ich habe, was du mir gegeben hast. Wenn sich etwas ändert, sag einfach Bescheid.',
  },
  reserved: {
    en: 'Nothing further is needed for now{name}. I have the details you gave me; please let me know if anything changes.',
    pt: 'Por ora não é necessário mais nada{name}. Já tenho os dados que você me informou; avise-me se algo mudar.',
    es: 'Por ahora no hace falta nada más{name}. Tengo los datos que me ha dado; avíseme si algo cambia.',
    fr: 'Rien d’autre pour le moment{name}. J’ai les informations que vous m’avez données ; prévenez-moi si quelque chose change.',
    de: 'Im Moment benötige ich nichts weiter{name}. Ich habe Ihre Angaben; geben Sie mir bitte Bescheid, falls sich etwas ändert.',
  },
};

/** Facts the engine reacts to personally ("Oh nice, jazz!"); numbers and codes are noted, not chatted about. */
const ACK_KINDS = new Set<Fact['kind']>(['preference', 'plan', 'goal', 'relation', 'location', 'job', 'date']);

/** How many recent turns the built-in engine reads (entity facts carry older memory). */
export const BUILTIN_HISTORY_TURNS = 120;

/**
 * Composes a reply without any model: intent rules, phrase banks per voice and language, and
 * memory of the conversation (the user's name, facts they shared, what they asked). Pure and
 * deterministic: the same request always yields the same text; variation comes from a hash.
 */
export function composeReply(req: ReplyRequest): string {
  const lastAssistant = [...(req.history ?? [])].reverse().find((t) => t.role === 'assistant')?.content;
  let reply = '';
  const meta: { ctx?: Ctx } = {};
  for (let attempt = 0; attempt < 3; attempt++) {
    reply = composeOnce(req, attempt, meta);
    if (!lastAssistant || !nearSame(reply, lastAssistant)) return reply;
  }
  if (squish(reply) !== squish(lastAssistant!)) {
    // Nearly the same as the previous reply: what it repeats word for word is left out when something new remains. An answer
    // from memory is said again as asked.
    if (meta.ctx?.recalled || meta.ctx?.introduced) return reply;
    const said = fold(lastAssistant!);
    const fresh = sentences(reply).filter((s) => !said.includes(fold(s).trim().slice(0, 40)));
    return fresh.some((s) => s.split(/\s+/).length >= 4) ? squish(fresh.join(' ')) : reply;
  }
  // Never the same reply twice in a row: say so, and offer the next step.
  const lang = languageFamily(chooseReplyLanguage(req).tag) ?? 'en';
  return squish(
    `${tr(lang, { en: 'As I said:', pt: 'Como eu disse:', es: 'Como te decía:', fr: 'Comme je le disais :', de: 'Wie gesagt:' })} ${reply} ${tr(lang, {
      en: 'Is there anything else I can do?',
      pt: 'Posso ajudar em mais alguma coisa?',
      es: '¿Puedo ayudarte en algo más?',
      fr: 'Puis-je faire autre chose pour toi ?',
      de: 'Kann ich sonst noch etwas tun?',
    })}`,
  );
}

/** The words of a reply, folded, as a set. */
function wordSet(text: string): Set<string> {
  return new Set(
    fold(text)
      .split(/[^\p{L}\p{N}@.]+/u)
      .filter(Boolean),
  );
}

/** Two replies that say the same: the same text, or nearly all the same words (four in five). */
export function nearSame(a: string, b: string): boolean {
  if (squish(a) === squish(b)) return true;
  const x = wordSet(a);
  const y = wordSet(b);
  if (!x.size || !y.size) return false;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared) >= 0.8;
}

function composeOnce(req: ReplyRequest, attempt: number, meta: { ctx?: Ctx } = {}): string {
  const tag = chooseReplyLanguage(req).tag;
  const lang: Lang = languageFamily(tag) ?? 'en';
  const voice = voiceFor(req.soul);
  // The built-in engine reads at most the last BUILTIN_HISTORY_TURNS turns (entity facts cover older memory).
  const history = (req.history ?? []).filter((t) => t.role !== 'system' && t.content?.trim()).slice(-BUILTIN_HISTORY_TURNS);
  // Chat shorthand is read written out ("¿a q hora…?", "qdo chegam?"), in the language each message is written in.
  const readable = (text: string) => expandShorthand(text, statementLanguage(text, tag));
  const userTurns = history.filter((t) => t.role === 'user').map((t) => readable(t.content));
  const assistantTurns = history.filter((t) => t.role === 'assistant');
  const lastAssistant = assistantTurns.at(-1)?.content;
  const message = readable(squish(req.message ?? ''));

  const newFacts = extractFacts(message, { language: tag, previous: lastAssistant });
  let statedName = newFacts.find((f) => f.kind === 'name')?.value;
  if (!statedName && lastAssistant && ASKED_FOR_NAME.test(fold(lastAssistant))) statedName = bareName(message);

  const memory = buildStatements(req.facts ?? [], history, message, tag);
  const fullName = statedName ?? nameFromHistory(history) ?? req.facts?.find((f) => f.kind === 'name')?.value ?? req.userName;
  const ctx: Ctx = {
    message,
    req,
    lang,
    voice,
    L: linesFor(voice, lang),
    seed: `${req.soul.id}|${lang}|${fold(message)}|${history.length}|${fold(lastAssistant ?? '')}|${attempt}`,
    n: 0,
    name: firstName(fullName),
    fullName,
    nameUsed: false,
    history,
    userTurns,
    lastAssistant,
    firstContact: assistantTurns.length === 0,
    knownFacts: correctFacts(
      mergeFacts(req.facts ?? [], ...historyFacts(history, tag), newFacts).filter((f) => !isStatementFact(f)),
      memory.corrections,
    ),
    newFacts,
    statedName,
    statements: memory.statements,
    corrections: memory.corrections,
  };
  meta.ctx = ctx;
  // A leading apology ("desculpa a demora, é 123456") gets a short "no worries", then the rest is answered.
  const { apology, rest } = splitApology(message);
  if (apology) {
    const forgive = APOLOGY_REPLY[ctx.voice.id]?.[lang] ?? APOLOGY_REPLY['support'][lang];
    if (!rest || !detectIntents(rest).substantive) {
      return squish(
        [fill(ctx, choose(ctx, forgive)), fill(ctx, choose(ctx, ctx.voice.id === 'empathetic' ? ctx.L.statementAsk : ctx.L.anythingElse))].join(' '),
      );
    }
    return squish(
      [fill(ctx, choose(ctx, forgive)), ...noteDetail(ctx, rest, noteValues(ctx, respond(ctx, rest, detectIntents(rest))))].filter(Boolean).join(' '),
    );
  }
  const intents = detectIntents(message);
  return inLanguage(
    ctx,
    squish(
      noteDetail(ctx, message, withKnownContact(ctx, message, intents, noteValues(ctx, respond(ctx, message, intents))))
        .filter(Boolean)
        .join(' '),
    ),
  );
}

/**
 * A question or request that names a contact already given ("¿a qué correo me vas a mandar el número?", "send it to the
 * address I gave you") is answered with it when the reply does not show it: "I'll use your email: priya@…". An
 * "address" when only an e-mail is known is the e-mail.
 */
function withKnownContact(ctx: Ctx, message: string, intents: Intents, parts: string[]): string[] {
  if (!(intents.question || intents.request || opensLikeQuestion(message, ctx.lang))) return parts;
  const facts = [...ctx.knownFacts].reverse();
  const found: Fact[] = [];
  for (const h of findSlotNouns(fold(message), (x) => x.kind === 'contact')) {
    const f =
      facts.find((x) => x.kind === 'contact' && x.key === h.slot.key) ??
      (h.slot.key === 'address' ? facts.find((x) => x.kind === 'contact' && x.key === 'email') : undefined);
    if (f && !found.includes(f)) found.push(f);
  }
  const shown = fold(parts.join(' '));
  const lines = found
    .filter((f) => !shown.includes(fold(f.value)))
    .map((f) => {
      const slot = ALL_SLOTS.find((x) => x.kind === f.kind && x.key === f.key);
      const label = slot ? slotLabel(slot, ctx.lang) : f.key;
      return tr(ctx.lang, {
        en: `I'll use ${label}: ${f.value}.`,
        pt: `Vou usar ${label}: ${f.value}.`,
        es: `Usaré ${label}: ${f.value}.`,
        fr: `J’utiliserai ${label} : ${f.value}.`,
        de: `Ich verwende ${label}: ${f.value}.`,
      });
    });
  return lines.length ? [...lines, ...parts] : parts;
}

/**
 * A short reply made mostly of values ("Tu correo electrónico es marta.r@correo.es.") may not show its language;
 * it gets the voice's closing question in the reply language, so the person reads (and a detector sees) their language.
 */
function inLanguage(ctx: Ctx, reply: string): string {
  if (!reply || detectLanguage(reply).language === ctx.lang) return reply;
  if (reply.split(/\s+/).length > 14) return reply;
  const plain = tr(ctx.lang, {
    en: 'Is there anything else I can help you with?',
    pt: 'Posso te ajudar em mais alguma coisa?',
    es: '¿Te puedo ayudar en algo más?',
    fr: 'Est-ce que je peux t’aider pour autre chose ?',
    de: 'Kann ich dir sonst noch helfen?',
  });
  if (/\?\s*$/.test(reply)) {
    // A short reply that closes with a question the detector cannot place ("Disponha. Algo mais?"): a plain sentence
    // before its question keeps the voice ("Disponha. Fico feliz em ajudar. Algo mais?"); else a plainer closing.
    const question = /[^.!?]*\?\s*$/u.exec(reply)?.[0].trim() ?? '';
    const lead = reply.slice(0, reply.length - question.length).trim();
    const glad = tr(ctx.lang, {
      en: 'Happy to help.',
      pt: 'Fico feliz em ajudar.',
      es: 'Me alegra ayudarte.',
      fr: 'Ravi de pouvoir t’aider.',
      de: 'Ich helfe gern.',
    });
    const options = [squish(`${lead} ${glad} ${question}`), ...(lead ? [squish(`${lead} ${plain}`)] : [])];
    return options.find((o) => detectLanguage(o).language === ctx.lang) ?? reply;
  }
  const closing = fill(ctx, choose(ctx, ctx.L.anythingElse));
  if (fold(reply).includes(fold(closing).slice(0, 20))) return reply;
  // The closing the detector reads in the reply language, if one does ("Autre chose à régler ?" alone reads as Portuguese).
  const closings = [closing, ...ctx.L.anythingElse.map((c) => fill(ctx, c)).filter((c) => c !== closing), plain];
  const fits = closings.find((c) => detectLanguage(squish(`${reply} ${c}`)).language === ctx.lang);
  return squish(`${reply} ${fits ?? closing}`);
}

/**
 * A message that tells something ("my daughter Mira wants to learn the cello", "o que me acalma é correr no parque") gets
 * its detail said back when the reply shows nothing of it (no value and at most one content word of the message), so the
 * person sees it was understood: "Noted: your daughter Mira is 9 and has decided she needs to learn the cello."
 */
function noteDetail(ctx: Ctx, message: string, parts: string[]): string[] {
  if (ctx.recalled || ctx.introduced || !extractStatements(message, { language: ctx.req.language }).length) return parts;
  const m = termsOf(message, ctx.lang);
  const r = termsOf(parts.join(' '), ctx.lang);
  const values = [...m.numbers, ...m.codes, ...m.names, ...m.emails];
  const shared = m.stems.filter((s) => r.stems.includes(s)).length;
  // A request whose subject the reply takes up ("preciso cancelar minha consulta de amanhã" → "de qual consulta…") is answered, not noted.
  const shown =
    values.some((v) => [...r.numbers, ...r.codes, ...r.names, ...r.emails].includes(v)) || shared >= 2 || (shared >= 1 && detectIntents(message).request);
  if (shown) return parts;
  const detail = echoDetail(applyCorrections(message, findCorrections(message)), ctx.lang);
  if (!detail) return parts;
  const note = tr(ctx.lang, {
    en: `Noted: ${detail}.`,
    pt: `Anotado: ${detail}.`,
    es: `Anotado: ${detail}.`,
    fr: `C’est noté : ${detail}.`,
    de: `Notiert: ${detail}.`,
  });
  // Before the closing question: "Que bacana! Anotado: você vai viajar para Paris. Quando vai ser?"
  const text = squish(parts.filter(Boolean).join(' '));
  const q = /^(.*[.!?…])\s+([^.!?…]*\?)\s*$/su.exec(text);
  if (q) return [q[1], note, q[2]];
  return /\?\s*$/.test(text) ? [note, text] : [text, note];
}

/** Facts from the history's user turns, oldest first, each read with the assistant message before it. */
function historyFacts(history: ChatTurn[], tag: string): Fact[][] {
  const out: Fact[][] = [];
  let previous: string | undefined;
  for (const turn of history) {
    if (turn.role === 'assistant') previous = turn.content;
    else if (turn.role === 'user') out.push(extractFacts(turn.content, { language: tag, previous }));
  }
  return out;
}

/**
 * Numbers, codes and contacts the message gave are acknowledged with their value ("I've noted your
 * ticket number: TCK-55821."), unless the reply already repeats it or answers a question.
 */
function noteValues(ctx: Ctx, parts: string[]): string[] {
  if (ctx.recalled) return parts;
  const given = ctx.newFacts.filter((f) => f.kind === 'identifier' || f.kind === 'contact');
  const said = fold(parts.join(' '));
  // A corrected value is acknowledged with the new value ("Thanks for the correction — I've updated it: 25th anniversary.").
  const message = ` ${fold(ctx.req.message ?? '')} `;
  // The new value as the message says it, with its unit ("5 semaines, pas 3" → "5 semaines").
  const asSaid = new Map(findCorrections(ctx.req.message ?? '').map((c) => [fold(c.to), c.said] as const));
  const fixed = (isCorrection(ctx.req.message ?? '') ? ctx.corrections.filter((c) => message.includes(fold(c.to))) : [])
    .map((c) => ({ ...c, said: c.said ?? asSaid.get(fold(c.to)) }))
    .filter((c) => !said.includes(fold(c.said ?? c.to)));
  const fixNotes = fixed.length
    ? [
        tr(ctx.lang, {
          en: `Thanks for the correction — I've updated it: ${joinList(
            fixed.map((c) => c.said ?? c.to),
            'en',
          )}.`,
          pt: `Obrigado pela correção — atualizei: ${joinList(
            fixed.map((c) => c.said ?? c.to),
            'pt',
          )}.`,
          es: `Gracias por la corrección — lo he actualizado: ${joinList(
            fixed.map((c) => c.said ?? c.to),
            'es',
          )}.`,
          fr: `Merci pour la correction — j’ai mis à jour : ${joinList(
            fixed.map((c) => c.said ?? c.to),
            'fr',
          )}.`,
          de: `Danke für die Korrektur — ich habe es geändert: ${joinList(
            fixed.map((c) => c.said ?? c.to),
            'de',
          )}.`,
        }),
      ]
    : [];
  const notes = [
    ...fixNotes,
    ...given
      .filter((f) => !said.includes(fold(f.value)) && !fixed.some((c) => fold(c.to) === fold(f.value)))
      .map((f) => {
        const slot = ALL_SLOTS.find((x) => x.kind === f.kind && x.key === f.key);
        return slot
          ? tr(ctx.lang, {
              en: `I've noted ${slot.label.en}: ${f.value}.`,
              pt: `Anotei ${slot.label.pt}: ${f.value}.`,
              es: `Anoté ${slot.label.es}: ${f.value}.`,
              fr: `J’ai noté ${slotLabel(slot, 'fr')} : ${f.value}.`,
              de: `Ich habe ${slotLabel(slot, 'de')} notiert: ${f.value}.`,
            })
          : '';
      }),
  ].filter(Boolean);
  if (!notes.length) return parts;
  // Before the closing question, if there is one: "Prazer, Ana! Anotei o número do seu pedido: 88412. Em que posso ajudar?"
  const last = parts.length - 1;
  if ((last >= 1 || (last === 0 && ctx.bareCorrection)) && /\?\s*$/.test(parts[last])) return [...parts.slice(0, last), ...notes, parts[last]];
  return [...parts, ...notes];
}

function respond(ctx: Ctx, message: string, i: Intents): string[] {
  const { L, lang } = ctx;
  if (!message || i.empty) {
    if (ctx.voice.id === 'formal')
      return [
        tr(lang, {
          pt: 'Poderia me dizer, por gentileza, como posso ajudá-lo(a)?',
          en: 'Could you kindly tell me how I may assist you?',
          es: '¿Podría decirme, por favor, en qué puedo ayudarle?',
          fr: 'Pourriez-vous me dire, je vous prie, en quoi je puis vous être utile ?',
          de: 'Würden Sie mir bitte sagen, wie ich Ihnen behilflich sein kann?',
        }),
      ];
    return [
      tr(lang, {
        pt: 'Pode me contar um pouco mais?',
        en: 'Could you tell me a bit more?',
        es: '¿Me cuentas un poco más?',
        fr: 'Peux-tu m’en dire un peu plus ?',
        de: 'Kannst du mir ein bisschen mehr erzählen?',
      }),
    ];
  }

  // "Who am I talking to?": the agent answers as itself.
  if (isAgentQuestion(message, ctx.req.soul.name) || asksAboutAgent(message)) {
    ctx.introduced = true;
    return agentIntro(ctx);
  }

  // "Do you need anything else from me?": nothing is asked again (what was given is known), and nothing told back.
  if (asksWhatElseIsNeeded(message) && !ctx.newFacts.length) {
    ctx.recalled = true;
    return [fill(ctx, NOTHING_ELSE[ctx.voice.chatty || ctx.voice.id === 'concise' ? 'warm' : 'reserved'][lang])];
  }

  // "What do you know about me so far?": all that was told, before any one remembered detail the question names.
  if (asksAboutMe(message, lang)) return recallMe(ctx, message);
  // "What's on the 14th?": what was said of that day, after "the appointment you asked for" when the person asked for it.
  // The statements come from recallStatements, which answers a question naming a day by the statements holding it.
  const day = askedDay(message, lang);
  const onDay = day ? recallStatements(message, earlierStatements(ctx, message), lang, 2, { confident: true, recent: ctx.userTurns }) : [];
  const held = day ? onDay.filter((s) => holdsDay(s, day.n)) : [];
  if (day && held.length) {
    ctx.recalled = true;
    const booked = bookedDay(held, [...ctx.userTurns, message], lang);
    const lead = booked ? [LANGUAGE_DATA[lang].agenda.booked.replace('{day}', day.day)] : [];
    return [...lead, ...onDay.map((s, k) => tellBack(s, lang, `${ctx.seed}#day${k}`))];
  }
  // A question about something remembered: the order number, the name, what they like…
  const targets = matchMemoryQuestion(message, ctx.knownFacts);
  if (targets) {
    ctx.recalled = true;
    if (targets.length === 1 && targets[0].type === 'slot' && targets[0].slot.kind === 'name' && (ctx.name || !isSelfQuestion(message, lang))) {
      // "Quem é a professora dele, esqueci o nome", "¿el nombre de la segunda conductora?": a name the person gave of
      // someone else, found by what the question says of them, is not theirs.
      // Not a question for the person's own name ("e o meu nome, vc lembra?"), and what it finds does not name them.
      const own = fold(ctx.name ?? '');
      const other =
        ctx.name && !asksOwnName(message)
          ? recallStatements(message, earlierStatements(ctx, message), lang, 1, { confident: true, recent: ctx.userTurns }).filter(
              (st) => !fold(st.text).includes(own),
            )
          : [];
      if (other.length) return toldBack(ctx, other);
      return recallName(ctx);
    }
    const answer = answerRecall(targets, ctx.knownFacts, ctx.name, lang);
    if (answer.unknown.length && (targets.length === 1 || !answer.known.length)) {
      // What no slot holds may still have been said: "my favourite colour is teal".
      const strict = recallStatements(message, earlierStatements(ctx, message), lang, 2, { recent: ctx.userTurns });
      // A looser match must not be a statement of another value slot ("my order number is…" for "my phone number?").
      const slot = targets[0].type === 'slot' ? targets[0].slot : undefined;
      // An address no slot holds may have been given as a street address in a sentence ("deliver it to 58 Marchmont Crescent").
      // So when what the question's words found gives none ("what street did i give you? want to make sure i didnt typo it").
      const street = slot?.key === 'address' && !strict.some((s) => isAddress(s.text, s.lang)) ? latestAddress(earlierStatements(ctx, message)) : undefined;
      if (street) return [...answer.known, tellBack(street, lang, `${ctx.seed}#said0`)];
      const otherSlot = (s: Statement) =>
        extractFacts(s.text).some((f) => (f.kind === 'identifier' || f.kind === 'contact') && !(slot && f.kind === slot.kind && f.key === slot.key));
      const confident = strict.length
        ? strict
        : recallStatements(message, earlierStatements(ctx, message), lang, 2, { confident: true, recent: ctx.userTurns }).filter((s) => !otherSlot(s));
      const loose = confident.length
        ? []
        : recallStatements(message, earlierStatements(ctx, message), lang, 1, { loose: true, recent: ctx.userTurns }).filter((s) => !otherSlot(s));
      // The last try: what the person said of the kind asked for ("whats the error code i gave u?" → "an E18 blinking").
      const said = confident.length
        ? confident
        : loose.length
          ? loose
          : recallStatements(message, earlierStatements(ctx, message), lang, 1, { guess: true, recent: ctx.userTurns }).filter((s) => !otherSlot(s));
      if (said.length) return [...answer.known, ...said.map((s, k) => tellBack(s, lang, `${ctx.seed}#said${k}`))];
    }
    return recallSentences(answer, lang);
  }
  // "Tu te rappelles mon prénom ?": the person's name, never something else they said.
  if (asksOwnName(message)) {
    ctx.recalled = true;
    return recallName(ctx);
  }
  // "Can you check again?", "pode cancelar?": the agent is asked to act, not told what the person said.
  // "Dame el número de póliza otra vez", "read me back the address": a request to say back what was told, not to act.
  // "Do you have pets yourself?", "do you do anything fun when ur not booking classes?": about the agent's own life.
  const agentLife = i.aboutYou && !speaksOfSelf(message, lang);
  const toAgent = (isRequestToAgent(message) || isStatusCue(message) || i.aboutBot || agentLife) && !asksToTellBack(message, lang);
  // A correction that only fixes a value ("wait no, it's wednesday", "sorry i meant Cork, not dublin") is thanked for with the
  // new value (noteValues) and asks nothing again: what it corrects was just given.
  if (!i.question && isBareCorrection(message, ctx)) {
    ctx.bareCorrection = true;
    return [fill(ctx, choose(ctx, ctx.L.anythingElse))];
  }
  // "Can you recap?": what was said that carries values (codes, numbers, dates, names), told back.
  if (isRecapRequest(message, lang)) {
    const said = recapStatements(earlierStatements(ctx, message));
    if (said.length) {
      ctx.recalled = true;
      const lead = tr(lang, {
        en: "Here's what I have:",
        pt: 'Aqui está o que eu anotei:',
        es: 'Esto es lo que tengo anotado:',
        fr: 'Voici ce que j’ai noté :',
        de: 'Das habe ich mir notiert:',
      });
      return [lead, ...said.map((s, k) => tellBack(s, lang, `${ctx.seed}#recap${k}`))];
    }
  }
  // Any question whose content matches what the person said before is answered from it first ("how much was each of
  // the charges?" after "two charges of 17.99"), before the topic's follow-ups.
  // A request for a suggestion ("what would you suggest?", "¿qué nos propones?") asks for something new, not for what was said.
  const suggestion = findTopic(message)?.id === 'recommendation';
  if (!suggestion && !toAgent && (opensLikeQuestion(message, lang) || isSelfQuestion(message, lang))) {
    const earlier = earlierStatements(ctx, message);
    // "is there parking near the studio?": asked of the business, not answered with "the last open studio" said before.
    const somethingNew = asksForSomethingNew(message, earlier, lang);
    let said = somethingNew ? [] : recallStatements(message, earlier, lang, 2, { confident: true, recent: ctx.userTurns });
    // Two questions in one message ("whats her name again in your notes, and whats wrong with her"): each asked on its own
    // too, what it finds added to what the whole message found (three statements at most).
    const asks = questionClauses(message, lang);
    if (asks.length >= 2) {
      const all = [...said, ...asks.flatMap((c) => recallStatements(c, earlier, lang, 1, { confident: true, recent: ctx.userTurns }))];
      said = all
        .filter((s, k) => all.findIndex((o) => o.order === s.order) === k)
        .slice(0, 3)
        .sort((a, b) => a.order - b.order);
    }
    // A short follow-up question ("e quando?", "et c'est quelle race ?") goes on from the person's previous question.
    const previous = ctx.userTurns.at(-1);
    if (!said.length && !somethingNew && previous && opensLikeQuestion(previous, lang) && termsOf(message, lang).stems.length <= 3) {
      said = recallStatements(`${previous} ${message}`, earlier, lang, 2, { confident: true, recent: ctx.userTurns });
    }
    if (said.length) return toldBack(ctx, said);
  }
  // Any other question about the person: the statements that best match it ("Where am I flying to?").
  if (!suggestion && !toAgent && isSelfQuestion(message, lang)) {
    const strict = recallStatements(message, earlierStatements(ctx, message), lang, 2, { recent: ctx.userTurns });
    // Asked to say it back ("dame el número de póliza otra vez"): one rare word shared is enough.
    const said =
      strict.length || !asksToTellBack(message, lang)
        ? strict
        : recallStatements(message, earlierStatements(ctx, message), lang, 1, { loose: true, recent: ctx.userTurns });
    if (said.length) return toldBack(ctx, said);
  }

  // A question the intents do not read as one ("ok so when is the big day now", "and my study buddy, what was his name"):
  // its last try in memory comes before the subject's templates.
  const asksLater = clausesOf(message).some((c) => opensLikeQuestion(c, lang));
  if (!suggestion && !toAgent && (!i.question || i.complaint) && asksLater) {
    const confident = recallStatements(message, earlierStatements(ctx, message), lang, 2, { confident: true, recent: ctx.userTurns });
    if (confident.length) return toldBack(ctx, confident);
    const found = lastTry(ctx, message);
    if (found) return found;
  }
  // "Still nothing?", "e agora?", "toujours rien ?": where the case stands, never what the person said.
  if (isStatusCue(message)) return statusCheck(ctx);
  // Small talk and off-topic questions ("what's the weather like?", "tu aimes le foot ?"): a short answer, then the task.
  const chat = !findTopic(message) && !ctx.newFacts.length ? smallTalkOf(message, i.question || i.request) : undefined;
  if (chat) return [smallTalkAnswer(chat, lang), ...backToTask(ctx, message)];

  if (i.recallName) return recallName(ctx);
  if (i.recallAsked) return recallAsked(ctx);
  if (i.recallMe) return recallMe(ctx, message);
  if (i.human) return [fill(ctx, choose(ctx, L.human))];
  if (i.statusCheck && !i.complaint) return statusCheck(ctx);
  if (i.wait && !i.complaint && !i.question) return [fill(ctx, choose(ctx, WAIT_REPLY[ctx.voice.id][lang]))];
  if (i.celebration && !i.complaint) {
    const c = CELEBRATE[ctx.voice.chatty ? 'warm' : 'reserved'][lang];
    const birthday = /\b(?:aniversario|birthday)\b/.test(fold(message));
    return [fill(ctx, choose(ctx, birthday ? c.birthday : c.news)), fill(ctx, choose(ctx, c.ask))];
  }
  if (i.confused) {
    const which = tr(lang, {
      pt: 'Qual parte ficou confusa para você?',
      en: 'Which part was unclear?',
      es: '¿Qué parte no quedó clara?',
      fr: 'Quelle partie n’était pas claire ?',
      de: 'Welcher Teil war unklar?',
    });
    return [
      fill(ctx, choose(ctx, CONFUSED_REPLY[ctx.voice.id][lang])),
      ctx.voice.id === 'formal'
        ? tr(lang, {
            pt: 'Qual ponto posso esclarecer?',
            en: 'Which point may I clarify?',
            es: '¿Qué punto puedo aclararle?',
            fr: 'Quel point puis-je vous éclaircir ?',
            de: 'Welchen Punkt darf ich Ihnen erläutern?',
          })
        : which,
    ];
  }

  const goodNight = !ctx.firstContact && /^(?:boa noite|good night)[!. ]*$/.test(fold(message));
  if ((i.farewell || goodNight) && !i.complaint) {
    const parts: string[] = [];
    parts.push(fill(ctx, choose(ctx, L.farewell)));
    return parts;
  }

  const parts: string[] = [];
  // Numbers, codes and attributes belong to the subject at hand (an order, a budget): they are noted, not chatted about.
  const personal = ctx.newFacts.filter((f) => ACK_KINDS.has(f.kind) || (f.kind === 'other' && f.key === 'age'));
  const ack = Boolean(ctx.statedName) || personal.length > 0;
  // What the message says besides stating facts ("Sou a Ana e meu pedido não chegou").
  const rest = ack ? detectIntents(withoutFacts(message, ctx.newFacts)) : i;
  const complaint = rest.complaint && (!ack || rest.substantive);
  // "Preciso cancelar minha consulta de amanhã": a date given with a request on a subject is the request's detail.
  const datedRequest = ack && !ctx.statedName && personal.every((f) => f.kind === 'date') && (i.request || i.question) && Boolean(findTopic(message));
  const asks = ((rest.question || rest.request) && rest.substantive) || datedRequest;

  if (i.greeting && !ack && (i.substantive || i.howAreYou)) {
    const tod = timeOfDay(message, lang);
    const reserved = ctx.voice.id === 'formal' || ctx.voice.id === 'concise';
    parts.push(tod ? fill(ctx, `${capitalize(tod)}{name}${reserved ? '.' : '!'}`) : fill(ctx, choose(ctx, L.hello)));
  }

  if (ctx.statedName) {
    parts.push(fill(ctx, choose(ctx, L.nameAck).replace('{Name}', ctx.statedName.split(' ')[0])));
    ctx.nameUsed = true;
    if (ctx.firstContact && !complaint && !asks) parts.push(selfIntro(ctx));
  }

  if (complaint) {
    spareName(ctx);
    if (repeatedAsk(ctx, message))
      parts.push(
        tr(lang, {
          pt: 'Vi que você já tinha me falado disso antes.',
          en: 'I see you mentioned this before.',
          es: 'Veo que ya me lo habías comentado.',
          fr: 'Je vois que tu m’en avais déjà parlé.',
          de: 'Ich sehe, du hattest mir schon davon erzählt.',
        }),
      );
    parts.push(fill(ctx, choose(ctx, L.complaint)));
    const ownAsk = ctx.voice.id === 'empathetic' || ctx.voice.id === 'technical';
    const fallback = ownAsk
      ? L.defaultAsk
      : [
          tr(lang, {
            pt: 'Pode me contar o que aconteceu, com o número do pedido ou protocolo, se tiver?',
            en: 'Could you tell me what happened, with the order or ticket number if you have it?',
            es: '¿Me cuentas qué pasó, con el número de pedido o de ticket si lo tienes?',
            fr: 'Peux-tu me raconter ce qui s’est passé, avec le numéro de commande ou de ticket si tu l’as ?',
            de: 'Kannst du mir erzählen, was passiert ist, mit der Bestell- oder Ticketnummer, falls du sie hast?',
          }),
        ];
    const wrap =
      ctx.voice.id === 'sales'
        ? [
            tr(lang, {
              pt: 'Vamos resolver isso: {ask}',
              en: "Let's get this fixed: {ask}",
              es: 'Vamos a resolverlo: {ask}',
              fr: 'On va régler ça : {ask}',
              de: 'Das kriegen wir hin: {ask}',
            }),
          ]
        : L.needMore;
    // Within an ongoing subject, a complaint whose questions were already asked goes to a human.
    const ongoing = !findTopic(message) && topicOfConversation(ctx);
    const next = followUp(ctx, message, wrap, ongoing ? [] : fallback);
    parts.push(next);
    const escalated = L.escalate.some((e) => fold(next).includes(fold(e.replace(/\{[a-zA-Z]+\}/g, '')).slice(0, 30)));
    const earlierComplaints = ctx.userTurns.filter((u) => detectIntents(u).complaint).length;
    if (earlierComplaints >= 1 && !escalated && !alreadySaid(ctx, L.escalate)) parts.push(fill(ctx, choose(ctx, L.escalate)));
    return dedupe(parts);
  }

  if (ack && !asks) {
    if (personal.length) {
      const said = ctx.statedName && !ctx.voice.chatty ? '' : factAck(ctx, personal[0], personal);
      if (said) parts.push(said);
      if (!said.endsWith('?')) parts.push(ctx.voice.chatty ? factQuestion(ctx, personal[0]) : OPEN[ctx.voice.id][lang]);
    } else {
      parts.push(OPEN[ctx.voice.id][lang]);
    }
    return parts;
  }

  if (i.isBot) {
    parts.push(fill(ctx, choose(ctx, L.bot)));
    return parts;
  }
  if ((i.yes || i.no) && !i.thanks) return [fill(ctx, choose(ctx, i.no ? L.no : L.yes))];
  if (i.helpOnly) {
    parts.push(fill(ctx, choose(ctx, REQUEST_OPENER[ctx.voice.id][lang])));
    parts.push(
      ctx.voice.id === 'formal'
        ? OPEN.formal[lang]
        : tr(lang, {
            pt: 'Me conta o que você precisa.',
            en: 'Tell me what you need.',
            es: 'Cuéntame qué necesitas.',
            fr: 'Dis-moi ce dont tu as besoin.',
            de: 'Sag mir, was du brauchst.',
          }),
    );
    return parts;
  }
  if (i.compliment && !asks) {
    parts.push(fill(ctx, choose(ctx, COMPLIMENT_REPLY[ctx.voice.id][lang])));
    if (ctx.voice.id !== 'playful') parts.push(fill(ctx, choose(ctx, L.anythingElse)));
    else parts.push(fill(ctx, choose(ctx, L.statementAsk)));
    return parts;
  }
  if (i.laughter) {
    if (ctx.voice.chatty)
      parts.push(
        ctx.voice.id === 'playful'
          ? tr(lang, { pt: 'Kkkkk adorei! 😂', en: 'Hahaha love it! 😂', es: '¡Jajaja me encanta! 😂', fr: 'Hahaha j’adore ! 😂', de: 'Hahaha, herrlich! 😂' })
          : '😄',
      );
    parts.push(fill(ctx, choose(ctx, L.anythingElse)));
    return parts;
  }
  if (i.aboutBot) {
    // Who the agent is and what it does: an entity's purpose ("…an independent bookstore: find books, order titles"), a
    // catalogue soul's voice.
    const [intro, ...rest] = agentIntro(ctx);
    // "What else can you help me with here?" asked of a catalogue agent (whose self-description names no trade): what the
    // person came for is told back, so the answer is about this conversation ("…you want to book the beginners wheel class").
    const cameFor = i.capabilities && getSoul(ctx.req.soul.id) ? earlierStatements(ctx, message).find((st) => st.terms.stems.length >= 3) : undefined;
    return [...parts, intro, ...(cameFor ? [tellBack(cameFor, lang, `${ctx.seed}#for`)] : []), ...rest];
  }

  if (i.howAreYou && !(i.question && i.substantive && !onlySmallTalk(message))) {
    // "Tudo sim, e você?": they already said they are fine.
    const asksBack = /\b(?:e (?:voce|vc|tu|contigo)|and (?:you|u)|what about you|how about you|y tu|y usted)\b/.test(fold(message));
    if (
      asksBack &&
      /\b(?:tudo (?:sim|bem|otimo|certo|joia|tranquilo)|(?:to|estou|tou) bem|bem|otim[oa]|de boa|tranquil[oa]|i'?m (?:good|fine|great|well|ok)|good|great|fine|not bad|bien|muy bien|todo bien)\b/.test(
        fold(message),
      )
    ) {
      const reserved = !ctx.voice.chatty;
      const glad = reserved
        ? tr(lang, {
            pt: 'Fico feliz em saber{name}. Por aqui, tudo em ordem.',
            en: 'I am glad to hear it{name}. All is well here, thank you.',
            es: 'Me alegra saberlo{name}. Por aquí, todo en orden.',
            fr: 'Ravi de l’entendre{name}. Ici, tout va bien, merci.',
            de: 'Das freut mich zu hören{name}. Hier ist alles in Ordnung, danke.',
          })
        : tr(lang, {
            pt: 'Que bom saber{name}! Por aqui também está tudo ótimo.',
            en: 'Glad to hear it{name}! All good here too.',
            es: '¡Qué bien{name}! Por aquí también todo genial.',
            fr: 'Super{name} ! Ici aussi, tout va bien.',
            de: 'Schön{name}! Hier ist auch alles bestens.',
          });
      return [...parts, fill(ctx, glad), OPEN[ctx.voice.id][lang]];
    }
    parts.push(fill(ctx, choose(ctx, L.howAreYou)));
    return parts;
  }

  if (asks) {
    spareName(ctx);
    // "Can you check?", "pode cancelar?", "¿me ayudas?" on a case under way: where it stands, not a new question.
    if (isRequestToAgent(message) && !ack && topicOfConversation(ctx) && termsOf(message, lang).stems.length <= 2) return statusCheck(ctx);
    // A question about the agent's own life ("do you have pets yourself?", "do you do anything fun when ur not booking
    // classes?") is answered as the agent, before memory is searched for its words.
    if (rest.question && !rest.request && agentLife && !ack) {
      return [choose(ctx, ABOUT_YOU[ctx.voice.chatty ? 'warm' : 'reserved'][lang])];
    }
    // A question about the person's own case ("wie lange ruht mein vertrag jetzt?") is looked for in what they said before
    // the trade's advice is given.
    const own =
      rest.question && !ack && ((isSelfQuestion(message, lang) && answerTypesOf(message, lang).length > 0) || asksWhatWasTold(message))
        ? lastTry(ctx, message)
        : undefined;
    if (own) return own;
    // An entity asked for advice answers from its trade ("for curly, dry hair: a hydration mask…"), then asks what it still needs.
    const tip = tradeTip(ctx, message);
    if (tip) return tip;
    const recalled = rest.question && !ack ? lastTry(ctx, message) : undefined;
    if (recalled) return recalled;
    // A question for something the person told before that memory cannot answer: said plainly, and asked again.
    if (rest.question && !ack && asksWhatWasTold(message))
      return [
        tr(lang, {
          en: "I can't find that in what you've told me so far — could you tell me again?",
          pt: 'Não encontrei isso no que você me contou até agora — pode me dizer de novo?',
          es: 'No lo encuentro en lo que me has contado hasta ahora — ¿me lo dices otra vez?',
          fr: 'Je ne le retrouve pas dans ce que tu m’as dit jusqu’ici — tu peux me le redire ?',
          de: 'Das finde ich in dem, was du mir bisher erzählt hast, nicht — sagst du es mir noch einmal?',
        }),
      ];
    // A question about the world ("what's the weather tomorrow?") with no subject we know.
    // In the person's language ("¿cuántos hijos te he dicho que tengo?" has no "my").
    const personal = speaksOfSelf(message, lang) || /\b(?:meu|minha|meus|minhas|eu|me|mim|comigo|my|mine|i|me|i'm|i'?ve)\b/.test(fold(message));
    if (rest.question && !rest.request && !findTopic(message) && i.aboutYou && !ack) {
      return [choose(ctx, ABOUT_YOU[ctx.voice.chatty ? 'warm' : 'reserved'][lang])];
    }
    // The question is said back, so the person sees what is being answered ("About “is there parking near the inn?”:").
    const asked = asksWhatWasSaid(message, lang) ? undefined : echoQuestion(message, lang);
    const about = asked
      ? tr(lang, { en: `About “${asked}”:`, pt: `Sobre “${asked}”:`, es: `Sobre “${asked}”:`, fr: `Au sujet de « ${asked} » :`, de: `Zu „${asked}“:` })
      : '';
    // A question about something the agent cannot know ("y a du café à volonté ?", "is the wifi fast?") is answered
    // honestly, also by a concise voice: a follow-up from a subject said before ("which payment method did you use?") does
    // not answer it. A teacher asks what the learner needs instead.
    // A question that proposes a day or a time ("¿podría ser el sábado 22 a las 17h?") tells it: it is noted, not answered
    // as something the agent cannot look up.
    const told = rest.question && !ack && !findTopic(message) ? extractStatements(message, { language: ctx.req.language }).map((f) => f.text ?? '') : [];
    // The question itself proposes ("pode ser sexta às 15h?"), not a statement beside it ("vou viajar dia 12, preciso avisar?",
    // "¿podría ser el sábado 22 a las 17h? salgo de currar a las 15").
    const asking = fold(message);
    const when = told
      .filter((t) => proposesTime(t, lang) && asking.includes(`${fold(trimEnd(t)).replace(/[\s?¿!.]+$/u, '')}?`))
      .map((t) => proposedWhen(t, lang))
      .find(Boolean);
    if (when) return [`${choose(ctx, ECHO_FRAMES[lang])}${when}.`, fill(ctx, choose(ctx, L.anythingElse))];
    if (rest.question && !rest.request && !personal && !findTopic(message) && ctx.voice.id !== 'teacher') {
      if (!ack) parts.push(fill(ctx, choose(ctx, L.question)));
      if (about) parts.push(about);
      // The concise voice says "tu"/"tú" like the warm ones; the reserved lines say "vous"/"usted".
      parts.push(choose(ctx, NO_LOOKUP[ctx.voice.chatty || ctx.voice.id === 'concise' ? 'warm' : 'reserved'][lang]));
      return dedupe(parts);
    }
    if (repeatedAsk(ctx, message)) {
      parts.push(
        tr(lang, {
          pt: 'Você já tinha me perguntado isso — vamos resolver de vez.',
          en: "You asked me this before — let's get it sorted this time.",
          es: 'Ya me lo habías preguntado — vamos a resolverlo de una vez.',
          fr: 'Tu me l’avais déjà demandé — réglons ça pour de bon.',
          de: 'Das hattest du mich schon gefragt — diesmal klären wir es richtig.',
        }),
      );
    } else if (rest.question && !ack) {
      parts.push(fill(ctx, choose(ctx, L.question)));
    } else if (!ack && !i.greeting) {
      parts.push(fill(ctx, choose(ctx, REQUEST_OPENER[ctx.voice.id][lang])));
    }
    if (about) parts.push(about);
    parts.push(followUp(ctx, message, L.needMore, L.defaultAsk));
    return dedupe(parts);
  }

  if (i.thanks) {
    parts.push(fill(ctx, choose(ctx, thanksLines(ctx, message))));
    if (i.no) return parts;
    parts.push(fill(ctx, choose(ctx, L.anythingElse)));
    return parts;
  }

  if (i.greeting && !i.substantive) {
    return [greeting(ctx)];
  }

  if (i.no) return [fill(ctx, choose(ctx, L.no))];
  if (i.yes) return [fill(ctx, choose(ctx, L.yes))];

  // A plain statement: acknowledge and move the conversation forward.
  spareName(ctx);
  const own = ownTopic(message, lang);
  const topic = own ?? topicOfConversation(ctx);
  // Sympathy answers a feeling or a loss the message itself tells, never one said turns ago (it is not a case under way).
  if (own?.id === 'grief') {
    parts.push(fill(ctx, choose(ctx, CONDOLENCES[lang])));
    parts.push(followUp(ctx, message, NEUTRAL_WRAP[lang], [], false));
    return dedupe(parts);
  }
  if (own?.id === 'feelings') {
    parts.push(fill(ctx, choose(ctx, SYMPATHY[ctx.voice.id]?.[lang] ?? L.complaint)));
    parts.push(followUp(ctx, message, L.needMore, L.defaultAsk));
    return dedupe(parts);
  }
  if (topic?.id === 'recommendation') {
    const tip = tradeTip(ctx, message);
    if (tip) return tip;
    const recalled = rest.question && !ack ? lastTry(ctx, message) : undefined;
    if (recalled) return recalled;
  }
  // The detail is said back, so the person sees it was understood ("Noted: your partner is allergic to feathers.").
  // Not a correction (it would repeat the old value) nor numbers and codes (noted with their value already).
  // A correction is said back without its old value ("…, not the 15th" is dropped).
  const valued = ctx.newFacts.some((f) => f.kind === 'identifier' || f.kind === 'contact');
  const detail = valued ? undefined : echoDetail(applyCorrections(message, findCorrections(message)), lang);
  // The frame changes from one reply to the next ("Noted: …", then "Got it: …"), so a run of details does not read as a form.
  const frame = detail ? choose(ctx, ECHO_FRAMES[lang]) : undefined;
  parts.push(frame ? `${frame}${detail}.` : fill(ctx, choose(ctx, L.statement)));
  // An entity made for a trade that looks into cases asks what it still needs to (a vet: the animal, the symptoms, since when).
  const handles = Boolean(domainOfConversation(ctx.req.soul, [])?.trade?.handle) && !ctx.statedName && termsOf(message, lang).stems.length >= 3;
  // "How can I help you with that?" is not asked twice running: a person who let it pass is telling, not asking.
  const askedLast = L.statementAsk.some((a) => fold(ctx.lastAssistant ?? '').includes(fold(a).slice(0, 24)));
  const next = topic || handles ? followUp(ctx, message, L.needMore, L.statementAsk, false) : askedLast ? '' : fill(ctx, choose(ctx, L.statementAsk));
  // A follow-up asked twice already that the person let pass is not asked a third time to a detail they tell.
  const asked = next ? questionPart(next).slice(0, 40) : '';
  const times = asked ? ctx.history.filter((t) => t.role === 'assistant' && fold(t.content).includes(asked)).length : 0;
  parts.push(times >= 2 ? '' : next);
  return dedupe(parts);
}

/**
 * The follow-up question: the topic's (refined by what the message already says), else a
 * fallback. Never asks exactly what the previous assistant message asked; if every option was
 * just asked, offers a human instead.
 */
/** The statements said before this message (what it says itself is not an answer to it). */
function earlierStatements(ctx: Ctx, message: string): Statement[] {
  // Asked for several times per reply (each recall tries in turn): the message's own statements are read once.
  if (ctx.earlier?.message === message) return ctx.earlier.statements;
  // The whole message's too: what it says before the part being answered is not told back as said before.
  const own = new Set(
    [...new Set([message, ctx.message])].flatMap((m) => extractStatements(m, { language: ctx.req.language }).map((f) => fold(trimEnd(f.text ?? '')))),
  );
  const statements = ctx.statements.filter((s) => !own.has(fold(trimEnd(s.text))));
  ctx.earlier = { message, statements };
  return statements;
}

function followUp(ctx: Ctx, message: string, wrap: readonly string[], fallback: readonly string[], wrapFallback = true): string {
  const topic = ownTopic(message, ctx.lang) ?? topicOfConversation(ctx);
  // Details given in the last few messages count too ("HP LaserJet, error 0x61…" then "still not working").
  const recent = applyCorrections([...ctx.userTurns.slice(-6), message].join(' \n '), ctx.corrections);
  // An entity made for a domain (an airline, a clinic, a bank…) asks what fits it, also when no topic is named.
  const entityDomain = domainOfConversation(ctx.req.soul, [...ctx.statements.map((st) => st.text), ...ctx.userTurns, message]);
  // A date the person gave (chrono-node: "amanhã", "next Friday") is not asked for again.
  const dated = termsOf(message, ctx.lang).dates.length > 0 ? entityDomain?.datedAsks?.[topic?.id ?? 'default'] : undefined;
  // A recommendation where the domain only says what to ask for a purchase ("which medicine…?") asks that.
  const domainAsk = dated ?? entityDomain?.asks[topic?.id ?? 'default'] ?? (topic?.id === 'recommendation' ? entityDomain?.asks['shopping'] : undefined);
  // A trade's follow-up asks only for what the person has not said yet (lang/trades.ts).
  // A domain with no recommendation of its own recommends as any shop does, not as a restaurant.
  const trade = entityDomain?.trade ?? (entityDomain && !domainAsk ? GENERIC_TRADE : undefined);
  const tradeLine = trade ? tradeFollowUp(ctx, trade, topic?.id ?? 'default', message) : undefined;
  const topicAsk = domainAsk ? tr(ctx.lang, domainAsk) : (tradeLine ?? (topic ? topicLines(topic, ctx.lang, recent).ask : undefined));
  const baseAsk = topic ? fold(topicLines(topic, ctx.lang).ask).slice(0, 40) : undefined;
  // Once details were given, never fall back to asking for them all again.
  const others = topicAsk && baseAsk && fold(topicAsk).slice(0, 40) !== baseAsk ? fallback.filter((a) => fold(a).slice(0, 40) !== baseAsk) : fallback;
  // Never ask for what is known: a detail already given is acknowledged instead.
  const all = [...(topicAsk ? [topicAsk] : []), ...others];
  const candidates = all.filter((a) => !asksForKnown(ctx, a));
  const last = fold(ctx.lastAssistant ?? '');
  // A trade's follow-up opens the same way whatever it still asks for: it is the same question only when all of it is.
  const fresh = candidates.filter((a) => !last.includes(a === tradeLine ? fold(a) : fold(a).slice(0, 40)));
  // The subject's own question asks for what is known: it is acknowledged, not asked again, nor replaced by a vaguer one.
  if (topicAsk && asksForKnown(ctx, topicAsk) && !fresh.some((a) => a !== topicAsk && !fallback.includes(a)))
    return squish(`${knownLine(ctx, topicAsk)} ${fill(ctx, choose(ctx, ctx.L.anythingElse))}`);
  if (!fresh.length) {
    if (all.length && !candidates.length) return squish(`${knownLine(ctx, all[0])} ${fill(ctx, choose(ctx, ctx.L.anythingElse))}`);
    return fill(ctx, choose(ctx, ctx.L.escalate));
  }
  const ask = topicAsk && fresh[0] === candidates[0] ? fresh[0] : choose(ctx, fresh);
  // Several sentences ("Anotei o pedido 123. Pode me confirmar…?") or a colon stand on their own.
  if (/[.!?]\s+\S/.test(ask) || ask.includes(':') || ask.includes(' — ') || ask === tradeLine) return ask;
  if (ask !== topicAsk && !wrapFallback) return fill(ctx, ask);
  const domain = DOMAIN[ctx.voice.id] ?? 'all';
  const askTopic = topic && ask === topicAsk ? topic.id : null;
  const fits = askTopic === 'feelings' ? ctx.voice.id === 'empathetic' : domain === 'all' || domain.includes(askTopic);
  return fill(ctx, withAsk(choose(ctx, fits ? wrap : NEUTRAL_WRAP[ctx.lang]), ask));
}

/** A trade's follow-up from the person's recent messages; they described their case when one of them complains or tells it. */
function tradeFollowUp(ctx: Ctx, trade: Trade, topic: string, message: string): string | undefined {
  const said = [...ctx.userTurns.slice(-6), message].map((u) => applyCorrections(u, ctx.corrections));
  // What was given long ago counts too (the bunny named twelve messages back is still the animal): every statement kept.
  const kept = ctx.statements.map((st) => st.text);
  const described = said.some((u) => {
    const i = detectIntents(u);
    return i.complaint || (!i.question && !i.request && extractStatements(u, { language: ctx.req.language }).length > 0);
  });
  const ask = tradeAsk(trade, topic, ctx.lang, [...kept, ...said], described);
  // "Thanks, that is what I needed" only answers a follow-up that asked for something.
  const asked = Object.values(CRITERIA_ASKS).some((a) => fold(ctx.lastAssistant ?? '').includes(fold(a[ctx.lang].split('{c}')[0]).slice(0, 30)));
  return ask === CRITERIA_DONE[ctx.lang] && !asked ? undefined : ask;
}

/** The question of a follow-up (its last sentence with "?"), folded. */
function questionPart(ask: string): string {
  const qs = ask.split(/(?<=[.!?])\s+/).filter((s) => s.includes('?'));
  return fold(qs.at(-1) ?? ask);
}

/** The number, code or contact slots a follow-up asks for whose value is known. */
/** Identifier slots a generic reference stands for when asked ("ref HLX-4471" answers "what's your booking reference?"). */
const REFERENCE_LIKE = new Set(['booking', 'ticket', 'reservation']);

/**
 * The last try before "I can't look that up", "I can't find that" or a follow-up: a question that shares a rare word with
 * something the person said ("qual quantia vocês vão tentar recuperar?", "wohin geht der Umzug jetzt?") is answered from
 * it, when it asks for something said (asksForSaid) and is no request for a suggestion.
 */
function lastTry(ctx: Ctx, message: string): string[] | undefined {
  if (findTopic(message)?.id === 'recommendation' || !asksForSaid(ctx, message)) return undefined;
  const earlier = earlierStatements(ctx, message);
  let said = recallStatements(message, earlier, ctx.lang, 1, { loose: true, recent: ctx.userTurns });
  if (!said.length) said = recallStatements(message, earlier, ctx.lang, 1, { guess: true, recent: ctx.userTurns });
  return said.length ? toldBack(ctx, said) : undefined;
}

/** What the person said, told back as the answer from memory. */
function toldBack(ctx: Ctx, said: Statement[]): string[] {
  ctx.recalled = true;
  return said.map((s, k) => tellBack(s, ctx.lang, `${ctx.seed}#said${k}`));
}

/**
 * Does the question ask for something the person may have said: what was told ("lembra?", "again", "nochmal"), a kind of
 * value ("when", "where", "how many", "qual quantia"), or about the person, with no number, code, e-mail or date of its
 * own that nothing said before holds?
 */
function asksForSaid(ctx: Ctx, message: string): boolean {
  const { lang } = ctx;
  if (!(asksWhatWasTold(message) || answerTypesOf(message, lang).length > 0 || isSelfQuestion(message, lang))) return false;
  const q = termsOf(message, lang, undefined, { asked: true });
  const earlier = earlierStatements(ctx, message);
  const held = new Set(earlier.flatMap((s) => [...s.terms.numbers, ...s.terms.codes, ...s.terms.emails, ...s.terms.dates]));
  if (![...q.numbers, ...q.codes, ...q.emails, ...q.dates].every((v) => held.has(v))) return false;
  // A first clause that tells something new ("il adore le foot, ça peut aider pour expliquer ?") makes it a question about
  // that, not about what was said.
  const said = new Set(earlier.flatMap((s) => s.terms.stems));
  const [first, ...rest] = message.split(/,\s*/u);
  const fresh = termsOf(first, lang).stems.filter((t) => !t.startsWith('cat:') && !said.has(t));
  return !(rest.length && !opensLikeQuestion(first, lang) && fresh.length >= 2);
}

function knownAsked(ctx: Ctx, ask: string): Fact[] {
  const hits = findSlotNouns(questionPart(ask), (s) => s.kind === 'identifier' || s.kind === 'contact');
  const out: Fact[] = [];
  for (const h of hits) {
    const facts = [...ctx.knownFacts].reverse();
    // A plain "ref HLX-4471" is the booking (or ticket) reference a follow-up would ask for.
    const f =
      facts.find((x) => x.kind === h.slot.kind && x.key === h.slot.key) ??
      (REFERENCE_LIKE.has(h.slot.key) ? facts.find((x) => x.kind === 'identifier' && x.key === 'reference') : undefined);
    if (f && !out.includes(f)) out.push(f);
  }
  return out;
}

function asksForKnown(ctx: Ctx, ask: string): boolean {
  return knownAsked(ctx, ask).length > 0;
}

/** "I have your order number: 774521." for each known detail a follow-up would ask for. */
function knownLine(ctx: Ctx, ask: string): string {
  return knownAsked(ctx, ask)
    .map((f) => {
      const slot = ALL_SLOTS.find((x) => x.kind === f.kind && x.key === f.key);
      const label = slot ? slotLabel(slot, ctx.lang) : f.key;
      return tr(ctx.lang, {
        en: `I have ${label}: ${f.value}.`,
        pt: `Já tenho ${label}: ${f.value}.`,
        es: `Ya tengo ${label}: ${f.value}.`,
        fr: `J’ai bien ${label} : ${f.value}.`,
        de: `Ich habe ${label}: ${f.value}.`,
      });
    })
    .join(' ');
}

/** A purpose told after a dash, lower case at its start, except in German, whose nouns keep their capital ("Kundenservice"). */
function asTold(ctx: Ctx, purpose: string): string {
  return ctx.lang === 'de' || detectLanguage(purpose).language === 'de' ? purpose : lowerFirst(purpose);
}

/** "Who am I talking to?": the agent's name and what it does (an entity's purpose, a catalogue soul's voice). */
function agentIntro(ctx: Ctx): string[] {
  const { soul } = ctx.req;
  const own = getSoul(soul.id);
  // Asked again right after introducing itself ("what's your name?" then "who am I talking to?"): a short answer, not the
  // same introduction twice.
  const last = fold(ctx.lastAssistant ?? '');
  const full = fold(own ? fill(ctx, ctx.L.about) : trimEnd(soul.description ?? '') || `${soul.name}, a virtual assistant`);
  // An entity still says what it does ("what do you do exactly?" asks for its purpose).
  const does = own ? '' : asTold(ctx, trimEnd(soul.description ?? ''));
  if (last && last.includes(full.slice(0, 40)) && last.includes(fold(soul.name)))
    return [
      does
        ? tr(ctx.lang, {
            en: `Still me: ${soul.name} — ${does}.`,
            pt: `Continuo sendo eu: ${soul.name} — ${does}.`,
            es: `Sigo siendo yo: ${soul.name} — ${does}.`,
            fr: `C’est toujours moi : ${soul.name} — ${does}.`,
            de: `Immer noch ich: ${soul.name} — ${does}.`,
          })
        : tr(ctx.lang, {
            en: `Still me: ${soul.name}, here to help.`,
            pt: `Continuo sendo eu: ${soul.name}, aqui para ajudar.`,
            es: `Sigo siendo yo: ${soul.name}, aquí para ayudarte.`,
            fr: `C’est toujours moi : ${soul.name}, là pour t’aider.`,
            de: `Immer noch ich: ${soul.name}, hier, um zu helfen.`,
          }),
      tr(ctx.lang, {
        en: 'What can I do for you?',
        pt: 'Em que posso te ajudar?',
        es: '¿En qué te ayudo?',
        fr: 'Que puis-je faire pour toi ?',
        de: 'Was kann ich für dich tun?',
      }),
    ];
  if (own) return [fill(ctx, ctx.L.about), OPEN[ctx.voice.id][ctx.lang]];
  const purpose = trimEnd(soul.description ?? '');
  const what = purpose ? asTold(ctx, purpose) : '';
  const intro = what
    ? tr(ctx.lang, {
        en: `I'm ${soul.name}, the virtual assistant here — ${what}.`,
        pt: `Eu sou ${soul.name}, assistente virtual daqui — ${what}.`,
        es: `Soy ${soul.name}, el asistente virtual de aquí — ${what}.`,
        fr: `Je suis ${soul.name}, l’assistant virtuel d’ici — ${what}.`,
        de: `Ich bin ${soul.name}, der virtuelle Assistent hier — ${what}.`,
      })
    : tr(ctx.lang, {
        en: `I'm ${soul.name}, a virtual assistant.`,
        pt: `Eu sou ${soul.name}, assistente virtual.`,
        es: `Soy ${soul.name}, asistente virtual.`,
        fr: `Je suis ${soul.name}, assistant virtuel.`,
        de: `Ich bin ${soul.name}, ein virtueller Assistent.`,
      });
  return [
    intro,
    tr(ctx.lang, {
      en: 'How can I help you?',
      pt: 'Como posso te ajudar?',
      es: '¿En qué te puedo ayudar?',
      fr: 'Comment puis-je t’aider ?',
      de: 'Wie kann ich dir helfen?',
    }),
  ];
}

/**
 * A message that is only a correction: it gives a new value alone after its marker ("oops, make that 55132") or says
 * "X, not Y" in a short sentence, and the value is one the memory now holds.
 */
function isBareCorrection(message: string, ctx: Ctx): boolean {
  if (!isCorrection(message, ctx.lang)) return false;
  const folded = fold(message);
  if (!ctx.corrections.some((c) => folded.includes(fold(c.to)))) return false;
  if (correctionValue(message)) return true;
  return findCorrections(message).length > 0 && message.split(/\s+/).length <= 12 && !/[.!?]\s+\S/u.test(message.trim());
}

/** How a detail the person gave is said back ("Noted: your flatmate calls her the potato."): the detail follows. */
const ECHO_FRAMES: Record<Lang, string[]> = {
  en: ['Noted: ', 'Got it: ', 'Okay — '],
  pt: ['Anotado: ', 'Entendi: ', 'Certo — '],
  es: ['Anotado: ', 'Entendido: ', 'Vale — '],
  fr: ['C’est noté : ', 'Compris : ', 'D’accord — '],
  de: ['Notiert: ', 'Verstanden: ', 'Alles klar — '],
};

/** Topics about how the person feels: a case is never carried over from them. */
const MOODS = new Set(['feelings', 'grief']);

/**
 * The message's own topic (topics.ts). A feeling counts only when told: in a sentence that is no question, or that speaks
 * of the person ("why am I always so tired?"); "do rabbits get lonely?" asks about rabbits and tells no feeling.
 */
function ownTopic(message: string, lang: Lang) {
  const topic = findTopic(message);
  if (!topic || !MOODS.has(topic.id)) return topic;
  const told = sentences(message).some((s) => findTopic(s)?.id === topic.id && (!detectIntents(s).question || speaksOfSelf(s, lang)));
  return told ? topic : undefined;
}

/** How many of the person's last messages a case topic is carried from (topicOfConversation). */
const TOPIC_REACH = 4;

/**
 * The topic of the conversation: that of the latest of the person's last messages that had one (a case under way). Not a
 * feeling (said once, not asked after again) and not one left many messages back: "she chewed my charger" ten messages
 * after a payment question is no payment case.
 */
function topicOfConversation(ctx: Ctx) {
  for (let k = ctx.userTurns.length - 1; k >= Math.max(0, ctx.userTurns.length - TOPIC_REACH); k--) {
    const t = findTopic(ctx.userTurns[k]);
    if (t) return MOODS.has(t.id) ? undefined : t;
  }
  return undefined;
}

function alreadySaid(ctx: Ctx, lines: readonly string[]): boolean {
  return ctx.history.some((t) => t.role === 'assistant' && lines.some((e) => fold(t.content).includes(fold(e.replace(/\{[a-zA-Z]+\}/g, '')).slice(0, 30))));
}

function dedupe(parts: string[]): string[] {
  return parts.filter((p, k) => p && parts.indexOf(p) === k);
}

// ---------------------------------------------------------------------------------------------

/** Inserts a follow-up question; after a colon it continues the sentence in lower case. */
function withAsk(template: string, ask: string): string {
  return template.replace(/(:\s*)?\{ask\}/, (_m, colon: string | undefined) => (colon ? `${colon}${lowerFirst(ask)}` : ask));
}

/** Picks a phrase by hash, avoiding phrases the assistant used in its previous message. */
function choose(ctx: Ctx, options: readonly string[]): string {
  const last = fold(ctx.lastAssistant ?? '');
  const fresh = last
    ? options.filter((o) => {
        const probe = fold(o.replace(/\{[a-zA-Z]+\}/g, '')).slice(0, 24);
        return !probe || !last.includes(probe);
      })
    : options;
  return pick(fresh.length ? fresh : options, `${ctx.seed}#${ctx.n++}`);
}

/** In running conversation the name is used in about half the replies, so it never feels mechanical. */
function spareName(ctx: Ctx): void {
  if (!ctx.firstContact && pick([true, false], `${ctx.seed}#name`)) ctx.nameUsed = true;
}

/** Fills placeholders; the name is used at most once per reply so it never sounds mechanical. */
function fill(ctx: Ctx, template: string): string {
  let out = template;
  if (out.includes('{name}')) {
    const use = ctx.name && !ctx.nameUsed;
    out = out.replace(/\{name\}/g, () => (use ? `, ${ctx.name}` : ''));
    if (use) ctx.nameUsed = true;
  }
  if (out.includes('{Name}')) out = out.replace(/\{Name\}/g, () => ctx.name ?? '');
  // Last, and as a function: an agent's name is text, never a placeholder or a "$&" pattern.
  return out.replace(/\{soul\}/g, () => ctx.req.soul.name);
}

/** Particles of a full name that stay in lower case ("Maria da Silva", "Ludwig van Beethoven"). */
const NAME_PARTICLES = new Set(['de', 'da', 'do', 'dos', 'das', 'del', 'della', 'di', 'du', 'van', 'von', 'der', 'den', 'le', 'la', 'y', 'e']);

/** A name as written in a reply: each word of one written all in lower case capitalized, but its particles. */
function nameCase(name: string): string {
  return squish(name)
    .split(' ')
    .map((w, k) => (w !== w.toLowerCase() || (k > 0 && NAME_PARTICLES.has(w)) ? w : capitalize(w)))
    .join(' ');
}

function firstName(name: string | undefined): string | undefined {
  const n = name?.trim();
  if (!n) return undefined;
  return n.split(/\s+/)[0];
}

/** The latest name the user gave in the conversation (explicitly, or answering "what's your name?"). */
function nameFromHistory(history: ChatTurn[]): string | undefined {
  let found: string | undefined;
  let prevAssistant: string | undefined;
  for (const turn of history) {
    if (turn.role === 'assistant') {
      prevAssistant = turn.content;
      continue;
    }
    const explicit = extractFacts(turn.content).find((f) => f.kind === 'name')?.value;
    const answered = !explicit && prevAssistant && ASKED_FOR_NAME.test(fold(prevAssistant)) ? bareName(turn.content) : undefined;
    found = explicit ?? answered ?? found;
  }
  return found;
}

function selfIntro(ctx: Ctx): string {
  const { soul } = ctx.req;
  if (ctx.voice.id === 'formal')
    return tr(ctx.lang, {
      pt: `Sou ${soul.name}, seu concierge.`,
      en: `I am ${soul.name}, your concierge.`,
      es: `Soy ${soul.name}, su conserje.`,
      fr: `Je suis ${soul.name}, votre concierge.`,
      de: `Ich bin ${soul.name}, Ihr Concierge.`,
    });
  return tr(ctx.lang, {
    pt: `Eu sou ${article(soul)}${soul.name}.`,
    en: `I'm ${soul.name}.`,
    es: `Soy ${soul.name}.`,
    fr: `Je suis ${soul.name}.`,
    de: `Ich bin ${soul.name}.`,
  });
}

/** "a Lia", "o Rafael": Portuguese uses an article before first names; guessed from the soul's text. */
function article(soul: ReplyRequest['soul']): string {
  const g = fold(soul.greeting);
  const n = fold(soul.name);
  if (g.includes(`sou a ${n}`)) return 'a ';
  if (g.includes(`sou o ${n}`)) return 'o ';
  return '';
}

function greeting(ctx: Ctx): string {
  const { soul } = ctx.req;
  if (!ctx.firstContact) return fill(ctx, choose(ctx, ctx.L.again));
  const own = languageFamily(soul.language) === ctx.lang;
  let base = own ? soul.greeting : fill(ctx, ctx.L.intro);
  // Mirror a time-of-day greeting ("Good evening" → "Good evening, and welcome…").
  const tod = timeOfDay(ctx.req.message, ctx.lang);
  if (tod)
    base = base.replace(
      /^(¡?)(?:good day|muito bom dia|bom dia|buenos días|olá|oi|hola|hello|hi there|hi)(?=[!,.])/i,
      (_m, inv: string) => `${inv}${capitalize(tod)}`,
    );
  if (!ctx.name) return base;
  // Put the name right after the opening interjection: "Oi, Ana! Eu sou a Lia…".
  const m =
    /^(¡?(?:eeei, )?(?:oi|olá|ola|hola|holaaa|hi there|hi|hello|hey|heyyy|good day|good morning|good afternoon|good evening|bom dia|boa tarde|boa noite|muito bom dia|buenos días|buenas tardes|buenas noches|eeei))([!,.])/iu.exec(
      base,
    );
  if (m) {
    ctx.nameUsed = true;
    return `${m[1]}, ${ctx.name}${m[2]}${base.slice(m[0].length)}`;
  }
  return base;
}

const TIME_OF_DAY: Record<string, LangTexts<string>> = {
  'bom dia': { pt: 'bom dia', en: 'good morning', es: 'buenos días', fr: 'bonjour' },
  'good morning': { pt: 'bom dia', en: 'good morning', es: 'buenos días', fr: 'bonjour' },
  'buenos dias': { pt: 'bom dia', en: 'good morning', es: 'buenos días', fr: 'bonjour' },
  'boa tarde': { pt: 'boa tarde', en: 'good afternoon', es: 'buenas tardes', fr: 'bon après-midi' },
  'good afternoon': { pt: 'boa tarde', en: 'good afternoon', es: 'buenas tardes', fr: 'bon après-midi' },
  'buenas tardes': { pt: 'boa tarde', en: 'good afternoon', es: 'buenas tardes', fr: 'bon après-midi' },
  'boa noite': { pt: 'boa noite', en: 'good evening', es: 'buenas noches', fr: 'bonsoir' },
  'good evening': { pt: 'boa noite', en: 'good evening', es: 'buenas noches', fr: 'bonsoir' },
  'buenas noches': { pt: 'boa noite', en: 'good evening', es: 'buenas noches', fr: 'bonsoir' },
};

/** "bom dia" / "good evening" (in the reply language) when the message opens with a time-of-day greeting. */
function timeOfDay(message: string, lang: Lang): string | undefined {
  const m = /^(bom dia|boa tarde|boa noite|good morning|good afternoon|good evening|buenos dias|buenas tardes|buenas noches)\b/.exec(
    fold(squish(message ?? '')),
  );
  return m ? tr(lang, TIME_OF_DAY[m[1]]) : undefined;
}

/** The advice of the entity's trade for a question (domains.ts tipFor), with the follow-up a recommendation still needs. */
function tradeTip(ctx: Ctx, message: string): string[] | undefined {
  const domain = domainOfConversation(ctx.req.soul, []);
  if (!domain) return undefined;
  const topic = findTopic(message)?.id;
  const advice = topic === 'recommendation' || topic === 'choice' || topic === 'shopping';
  const tip = tipFor([domain.id, ...(domain.trade ? [domain.trade.id] : [])], message, ctx.lang, advice);
  if (!tip) return undefined;
  ctx.recalled = true;
  const next = advice ? followUp(ctx, message, ['{ask}'], ctx.L.anythingElse, false) : fill(ctx, choose(ctx, ctx.L.anythingElse));
  return dedupe([tip, next]);
}

/** After small talk, back to the subject of the conversation with its next step ("Back to your order: …"), else an open question. */
function backToTask(ctx: Ctx, message: string): string[] {
  const topic = topicOfConversation(ctx);
  if (!topic) return [OPEN[ctx.voice.id][ctx.lang]];
  const next = followUp(ctx, message, ['{ask}'], ctx.L.anythingElse, false);
  return [backTo(topicLines(topic, ctx.lang).about, ctx.lang), lowerFirst(next)];
}

/** "Alguma novidade?": what is still needed to move the latest subject forward. */
function statusCheck(ctx: Ctx): string[] {
  const { lang } = ctx;
  const topic = topicOfConversation(ctx);
  if (!topic) return [fill(ctx, choose(ctx, ctx.L.statementAsk))];
  // Details given in the last few messages count (the e-mail four turns back is not asked again), corrected.
  const recent = applyCorrections(ctx.userTurns.slice(-6).join(' \n '), ctx.corrections);
  const t = topicLines(topic, lang, recent);
  // Never ask for what is known: the details are said back, and the next step offered.
  if (asksForKnown(ctx, t.ask))
    return [
      tr(lang, {
        pt: `Sobre ${t.about}: já tenho o que preciso de você.`,
        en: `About ${t.about}: I have what I need from you.`,
        es: `Sobre ${t.about}: ya tengo lo que necesito de ti.`,
        fr: `Concernant ${t.about} : j’ai ce qu’il me faut de ta part.`,
      }),
      knownLine(ctx, t.ask),
      fill(ctx, choose(ctx, ctx.L.escalate)),
    ];
  return [
    tr(lang, {
      pt: `Sobre ${t.about}: para eu seguir, ainda preciso de uma informação.`,
      en: `About ${t.about}: to move forward, I still need one thing.`,
      es: `Sobre ${t.about}: para seguir, todavía necesito un dato.`,
      fr: `Concernant ${t.about} : pour avancer, il me manque encore une information.`,
      de: `Zu ${t.about}: Damit es weitergeht, brauche ich noch eine Angabe.`,
    }),
    t.ask,
  ];
}

/** "vous avez bien mon nom de famille ?", "what's my full name?": the whole name is asked for, not the first. */
const WHOLE_NAME =
  /\b(?:surname|last name|family name|full name|sobrenome|nome completo|apellidos?|nombre completo|nom de famille|nom complet|nachname|familienname|vollst[aä]ndige[nr]? name)\b/;

function recallName(ctx: Ctx): string[] {
  const { lang } = ctx;
  const whole = ctx.fullName;
  if (whole && whole.trim().includes(' ') && WHOLE_NAME.test(fold(ctx.req.message ?? ''))) {
    return [
      tr(lang, {
        pt: `Seu nome completo é ${whole}.`,
        en: `Your full name is ${whole}.`,
        es: `Tu nombre completo es ${whole}.`,
        fr: `Ton nom complet est ${whole}.`,
        de: `Dein vollständiger Name ist ${whole}.`,
      }),
    ];
  }
  if (ctx.name) {
    // The whole name when the person gave it ("name's dani okafor" → "you're Dani Okafor"): "what's the name on the account?"
    // asks for all of it.
    const told = whole && whole.trim().includes(' ') ? nameCase(whole) : ctx.name;
    const options = tr(lang, {
      pt: ['Seu nome é {Name} — não esqueci!', 'Claro que lembro: você é {Name}.'],
      en: ["Your name is {Name} — I haven't forgotten!", "Of course I remember: you're {Name}."],
      es: ['Te llamas {Name} — ¡no lo olvidé!', 'Claro que me acuerdo: eres {Name}.'],
      fr: ['Tu t’appelles {Name} — je n’ai pas oublié !', 'Bien sûr que je m’en souviens : tu es {Name}.'],
      de: ['Du heißt {Name} — das habe ich nicht vergessen!', 'Na klar weiß ich das noch: Du bist {Name}.'],
    });
    return [
      fill(
        ctx,
        choose(ctx, options).replace(/\{Name\}/g, () => told),
      ),
    ];
  }
  return [
    tr(lang, {
      pt: 'Você ainda não me disse seu nome. Como posso te chamar?',
      en: "You haven't told me your name yet. What should I call you?",
      es: 'Todavía no me has dicho tu nombre. ¿Cómo puedo llamarte?',
      fr: 'Tu ne m’as pas encore dit ton prénom. Comment puis-je t’appeler ?',
      de: 'Du hast mir deinen Namen noch nicht gesagt. Wie darf ich dich nennen?',
    }),
  ];
}

/** “Quoted text”, ending with a full stop unless the quote already ends a sentence. */
function quote(s: string, _lang: Lang): string {
  let t = squish(s);
  if (t.length > 120) t = `${t.slice(0, 117).trimEnd()}…`;
  return /[.!?…]$/u.test(t) ? `“${t}”` : `“${t}”.`;
}

function recallAsked(ctx: Ctx): string[] {
  const { lang } = ctx;
  const asks = ctx.userTurns.filter(isAsk);
  if (!asks.length) {
    return [
      tr(lang, {
        pt: 'Você ainda não me fez nenhuma pergunta nesta conversa — mas fique à vontade!',
        en: "You haven't asked me anything yet in this conversation — but feel free!",
        es: 'Todavía no me has hecho ninguna pregunta en esta conversación — ¡pero adelante!',
        fr: 'Tu ne m’as encore posé aucune question dans cette conversation — mais vas-y !',
        de: 'Du hast mir in diesem Gespräch noch keine Frage gestellt — aber nur zu!',
      }),
    ];
  }
  const last = asks.slice(-2);
  const parts: string[] = [];
  const asked = last.some((q) => detectIntents(q).question);
  const verb = asked
    ? tr(lang, { pt: 'Você me perguntou', en: 'You asked me', es: 'Me preguntaste', fr: 'Tu m’as demandé', de: 'Du hast mich gefragt' })
    : tr(lang, { pt: 'Você me disse', en: 'You told me', es: 'Me dijiste', fr: 'Tu m’as dit', de: 'Du hast mir gesagt' });
  if (last.length === 1) {
    parts.push(`${verb}: ${quote(last[0], lang)}`);
  } else {
    parts.push(
      `${verb} ${quote(last[0], lang)} ${tr(lang, { pt: 'e depois', en: 'and then', es: 'y después', fr: 'puis', de: 'und dann' })} ${quote(last[1], lang)}`,
    );
  }
  const topic = findTopic(last[last.length - 1]);
  if (topic) {
    const t = topicLines(topic, lang);
    parts.push(
      tr(lang, {
        pt: `Vamos continuar daí? ${t.ask}`,
        en: `Shall we continue from there? ${t.ask}`,
        es: `¿Seguimos desde ahí? ${t.ask}`,
        fr: `On reprend à partir de là ? ${t.ask}`,
        de: `Machen wir da weiter? ${t.ask}`,
      }),
    );
  } else {
    parts.push(
      tr(lang, {
        pt: 'Quer retomar esse assunto?',
        en: 'Would you like to pick that up again?',
        es: '¿Quieres retomar ese tema?',
        fr: 'Veux-tu reprendre ce sujet ?',
        de: 'Möchtest du das Thema wieder aufgreifen?',
      }),
    );
  }
  return parts;
}

/**
 * "What do you know about me?": the person's name, then the statements that carry the most details (profileStatements),
 * told back; the structured facts only when no statement was kept.
 */
function recallMe(ctx: Ctx, message: string): string[] {
  const { lang } = ctx;
  ctx.recalled = true;
  const said = profileStatements(earlierStatements(ctx, message));
  const facts = ctx.knownFacts.filter((f) => f.kind !== 'name');
  const details = said.length ? '' : describeFacts(facts, lang);
  const parts: string[] = [];
  if (ctx.name)
    parts.push(
      tr(lang, {
        pt: `Sei que você se chama ${ctx.name}.`,
        en: `I know your name is ${ctx.name}.`,
        es: `Sé que te llamas ${ctx.name}.`,
        fr: `Je sais que tu t’appelles ${ctx.name}.`,
        de: `Ich weiß, dass du ${ctx.name} heißt.`,
      }),
    );
  parts.push(...said.map((st, k) => tellBack(st, lang, `${ctx.seed}#me${k}`)));
  if (details) {
    parts.push(
      tr(lang, {
        pt: `Você me contou que: ${lowerFirst(details)}`,
        en: `You told me that you: ${lowerFirst(details)}`,
        es: `Me contaste que: ${lowerFirst(details)}`,
        fr: `Tu m’as raconté que : ${lowerFirst(details)}`,
        de: `Du hast mir erzählt: ${details}`,
      }),
    );
  }
  if (!parts.length) {
    return [
      tr(lang, {
        pt: 'Ainda sei bem pouco sobre você. Me conta algo?',
        en: 'I still know very little about you. Tell me something?',
        es: 'Todavía sé muy poco de ti. ¿Me cuentas algo?',
        fr: 'Je sais encore très peu de choses sur toi. Tu me racontes ?',
        de: 'Ich weiß noch sehr wenig über dich. Erzählst du mir etwas?',
      }),
    ];
  }
  parts.push(
    tr(lang, {
      pt: 'Quer me contar mais alguma coisa?',
      en: 'Anything else you would like to share?',
      es: '¿Quieres contarme algo más?',
      fr: 'Veux-tu me raconter autre chose ?',
      de: 'Möchtest du mir noch etwas erzählen?',
    }),
  );
  return parts;
}

/** Lower-cases the first letter, except for "I", "I'm"… and acronyms. */
function lowerFirst(s: string): string {
  if (!s || /^(?:I\b|I['’]|\p{Lu}{2})/u.test(s)) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
}

const WHEN =
  /\b(amanha|hoje|semana|mes|ano|fim de semana|feriado|ferias|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|segunda|terca|quarta|quinta|sexta|sabado|domingo|tomorrow|today|tonight|week|month|year|weekend|holiday|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|soon|logo)\b/;

function factAck(ctx: Ctx, f: Fact, all: Fact[]): string {
  const { lang, L } = ctx;
  if (!ctx.voice.chatty) return fill(ctx, choose(ctx, L.noted));
  const same = all.filter((x) => x.kind === f.kind && x.key === f.key).map((x) => x.value);
  const v = same.length > 1 ? joinList(same.slice(0, 3), lang) : f.value;
  const t = <T>(x: LangTexts<T>) => tr(lang, x);
  switch (f.kind) {
    case 'preference':
      if (f.key === 'likes')
        return choose(
          ctx,
          t({
            pt: [`Que legal, ${v}! Vou lembrar disso.`, `Adorei saber que você gosta de ${v}!`],
            en: [`Oh nice, ${v}! I'll remember that.`, `Love that you're into ${v}!`],
            es: [`¡Qué bien, ${v}! Me lo apunto.`, `¡Me encanta saber que te gusta ${v}!`],
            fr: [`Super, ${v} ! Je m’en souviendrai.`, `J’adore savoir que tu aimes ${v} !`],
          }),
        );
      if (f.key === 'dislikes')
        return choose(
          ctx,
          t({
            pt: [`Anotado: ${v} não é com você.`, `Entendi, nada de ${v} então!`],
            en: [`Noted: ${v} is not your thing.`, `Got it, no ${v} for you!`],
            es: [`Anotado: ${v} no es lo tuyo.`, `¡Entendido, nada de ${v} entonces!`],
            fr: [`C’est noté : ${v}, ce n’est pas ton truc.`, `Compris, pas de ${v} alors !`],
          }),
        );
      return t({ pt: `Boa escolha: ${v}!`, en: `Great choice: ${v}!`, es: `¡Buena elección: ${v}!`, fr: `Bon choix : ${v} !`, de: `Gute Wahl: ${v}!` });
    case 'plan':
      // The day may be said beside the plan ("…the beginners class for me and my gf. saturday the 22nd if there's space").
      if (WHEN.test(fold(f.value)) || all.some((x) => x.kind === 'date') || termsOf(ctx.req.message ?? '', lang).dates.length > 0) {
        return choose(
          ctx,
          t({
            pt: ['Que demais! Como estão os preparativos?', 'Que bacana! Já está tudo planejado?'],
            en: ['How exciting! How are the preparations going?', 'That sounds great! Is everything planned already?'],
            es: ['¡Qué emoción! ¿Cómo van los preparativos?', '¡Qué bien! ¿Ya está todo planeado?'],
            fr: ['Génial ! Comment avancent les préparatifs ?', 'Super ! Tout est déjà prévu ?'],
          }),
        );
      }
      return choose(
        ctx,
        t({
          pt: ['Que bacana! Quando vai ser?', 'Que legal! E quando pretende fazer isso?'],
          en: ['That sounds exciting! When is it happening?', 'How nice! When are you planning to do it?'],
          es: ['¡Qué emoción! ¿Cuándo será?', '¡Qué bien! ¿Y cuándo piensas hacerlo?'],
          fr: ['Génial ! Ce sera quand ?', 'Super ! Et quand comptes-tu le faire ?'],
        }),
      );
    case 'goal':
      return choose(
        ctx,
        t({
          pt: ['Que objetivo bacana! Vou lembrar disso.', 'Adorei esse objetivo! Anotado.'],
          en: ["What a great goal! I'll keep it in mind.", "Love that goal! I'll remember it."],
          es: ['¡Qué buen objetivo! Lo tendré en cuenta.', '¡Me encanta ese objetivo! Lo recordaré.'],
          fr: ['Quel bel objectif ! Je le garde en tête.', 'J’adore cet objectif ! Je m’en souviendrai.'],
        }),
      );
    case 'date':
      return t({ pt: `Anotado: ${v}!`, en: `Noted: ${v}!`, es: `¡Anotado: ${v}!`, fr: `Noté : ${v} !`, de: `Notiert: ${v}!` });
    case 'relation':
      return choose(
        ctx,
        t({
          pt: [`Que bom saber sobre ${relationPhrase(f, 'pt')}!`, `Adorei conhecer um pouco sobre ${relationPhrase(f, 'pt')}.`],
          en: [`Lovely to hear about ${relationPhrase(f, 'en')}!`, `It's nice to learn about ${relationPhrase(f, 'en')}.`],
          es: [`¡Qué bueno saber de ${relationPhrase(f, 'es')}!`, `Me encantó conocer un poco de ${relationPhrase(f, 'es')}.`],
          fr: [`Ça me fait plaisir d’entendre parler de ${relationPhrase(f, 'fr')} !`, `C’est chouette d’en savoir un peu sur ${relationPhrase(f, 'fr')}.`],
        }),
      );
    case 'location':
      if (f.key === 'from')
        return t({
          pt: `Ah, ${v}! Que legal. Como é aí?`,
          en: `Oh, from ${v}! How nice. What's it like there?`,
          es: `¡Ah, de ${v}! Qué bien. ¿Cómo es allí?`,
          fr: `Ah, de ${v} ! Super. C’est comment là-bas ?`,
          de: `Ah, aus ${v}! Schön. Wie ist es dort?`,
        });
      return choose(
        ctx,
        t({
          pt: [`${v}! E o que você mais gosta de lá?`, `Que legal, ${v}! Como é morar aí?`],
          en: [`${v}! What do you like most about it?`, `Oh nice, ${v}! How do you like living there?`],
          es: [`¡${v}! ¿Qué es lo que más te gusta de allí?`, `¡Qué bien, ${v}! ¿Qué tal es vivir allí?`],
          fr: [`${v} ! Qu’est-ce que tu aimes le plus là-bas ?`, `Super, ${v} ! C’est comment d’y vivre ?`],
          de: [`${v}! Was gefällt dir dort am besten?`, `Schön, ${v}! Wie lebt es sich dort?`],
        }),
      );
    case 'job':
      if (f.key === 'employer')
        return t({
          pt: `Legal, na ${v}! Como é trabalhar lá?`,
          en: `Nice, at ${v}! How do you like working there?`,
          es: `¡Qué bien, en ${v}! ¿Qué tal trabajar allí?`,
          fr: `Super, chez ${v} ! Ça se passe bien d’y travailler ?`,
          de: `Schön, bei ${v}! Arbeitest du gern dort?`,
        });
      return t({
        pt: `Que legal, ${v}! Como está o trabalho?`,
        en: `Oh, ${enArticle(v)}! How's work going?`,
        es: `¡Qué bien, ${v}! ¿Cómo va el trabajo?`,
        fr: `Super, ${v} ! Comment ça va au travail ?`,
        de: `Schön, ${v}! Wie läuft es bei der Arbeit?`,
      });
    default:
      return fill(ctx, choose(ctx, L.noted));
  }
}

/** A natural next question about something the user shared. */
function factQuestion(ctx: Ctx, f: Fact): string {
  const t = <T>(x: LangTexts<T>) => tr(ctx.lang, x);
  switch (f.kind) {
    case 'preference':
      if (f.key === 'likes')
        return choose(
          ctx,
          t({
            pt: ['O que você mais curte nisso?', 'Há quanto tempo você curte isso?'],
            en: ['What do you enjoy most about it?', 'How long have you been into it?'],
            es: ['¿Qué es lo que más te gusta de eso?', '¿Desde cuándo te gusta?'],
            fr: ['Qu’est-ce que tu aimes le plus là-dedans ?', 'Depuis quand ça te plaît ?'],
          }),
        );
      return choose(
        ctx,
        t({
          pt: ['E do que você gosta?', 'E o que você prefere?'],
          en: ['What do you like instead?', 'So what do you prefer?'],
          es: ['¿Y qué te gusta?', '¿Y qué prefieres?'],
          fr: ['Et qu’est-ce que tu aimes ?', 'Et qu’est-ce que tu préfères ?'],
        }),
      );
    case 'relation': {
      const female = /^sua\b/.test(relationPhrase(f, 'pt'));
      return t({
        pt: `Me conta mais sobre ${female ? 'ela' : 'ele'}?`,
        en: 'Tell me more about them?',
        es: `¿Me cuentas más sobre ${female ? 'ella' : 'él'}?`,
        fr: `Tu m’en dis plus sur ${female ? 'elle' : 'lui'} ?`,
      });
    }
    case 'job':
      return t({
        pt: 'Há quanto tempo você trabalha com isso?',
        en: 'How long have you been doing that?',
        es: '¿Cuánto tiempo llevas haciéndolo?',
        fr: 'Depuis combien de temps fais-tu ça ?',
      });
    case 'goal':
      return t({
        pt: 'O que você já fez para chegar lá?',
        en: "What's your first step towards it?",
        es: '¿Cuál es tu primer paso para lograrlo?',
        fr: 'Quelle est ta première étape pour y arriver ?',
      });
    default:
      return fill(ctx, choose(ctx, ctx.L.statementAsk));
  }
}

/**
 * The message without the parts that only stated facts:
 * "Oi, meu nome é Carla e queria saber o preço" → "queria saber o preço".
 */
function withoutFacts(message: string, facts: Fact[]): string {
  let out = message;
  const name = facts.find((f) => f.kind === 'name')?.value;
  if (name) {
    const idx = fold(out).indexOf(fold(name));
    if (idx >= 0) out = out.slice(idx + name.length).replace(/^[\s,.;!-]*(?:e|and)?\s*/iu, '');
  }
  return out
    .split(/[,.;!]\s*/)
    .filter((c) => c.trim() && extractFacts(c).filter((f) => f.kind !== 'name').length === 0)
    .join(', ')
    .trim();
}

function onlySmallTalk(message: string): boolean {
  const i = detectIntents(message);
  return !i.substantive;
}

/** A thanks line that presumes something was fixed or helped ("Glad it works now", "Que bom que funcionou"). */
const PRESUMES_FIX =
  /\b(?:works now|it worked|glad i could help|que bom que funcionou|funcionou|ya funciona|haber ayudado|que ca marche|ca marche|d.avoir pu aider|if it happens again|se voltar a acontecer|si vuelve a pasar)\b/;
/** The person says it is solved ("it works now", "funcionou", "ya funciona", "ça marche"). */
const SAYS_FIXED =
  /\b(?:works now|working now|it worked|that worked|fixed|solved|resolved|sorted|funcionou|funciona agora|deu certo|resolvido|resolveu|ya funciona|funciono|funciona ahora|resuelto|solucionado|ca marche|ca fonctionne|ca a marche|c.est regle|resolu|regle)\b/;

/** The voice's thanks lines, without those that presume a fix when the person has not said anything was fixed. */
function thanksLines(ctx: Ctx, message: string): readonly string[] {
  const fixed = SAYS_FIXED.test(fold(message));
  const fitting = ctx.L.thanks.filter((t) => fixed || !PRESUMES_FIX.test(fold(t)));
  return fitting.length
    ? fitting
    : [tr(ctx.lang, { en: "You're welcome{name}!", pt: 'Por nada{name}!', es: '¡De nada{name}!', fr: 'Avec plaisir{name} !', de: 'Gern geschehen{name}!' })];
}

/** Has the user asked (nearly) the same thing before in this conversation? */
function repeatedAsk(ctx: Ctx, message: string): boolean {
  const key = fold(trimEnd(message))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (key.split(' ').length < 3) return false;
  return ctx.userTurns.some(
    (u) =>
      fold(trimEnd(u))
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim() === key,
  );
}
