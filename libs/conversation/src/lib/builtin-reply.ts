import { article as enArticle, describeFacts, extractFacts, mergeFacts, relationPhrase } from './facts';
import { detectIntents, isAsk, splitApology, type Intents } from './intents';
import { languageFamily, replyLanguage, type Lang } from './language';
import { capitalize, fold, joinList, pick, squish, titleCase, trimEnd } from './text';
import { findTopic, topicLines } from './topics';
import type { ChatTurn, Fact, ReplyRequest } from './types';
import { ABOUT_YOU, APOLOGY_REPLY, CELEBRATE, COMPLIMENT_REPLY, CONDOLENCES, CONFUSED_REPLY, DOMAIN, NEUTRAL_WRAP, NO_LOOKUP, OPEN, REQUEST_OPENER, SYMPATHY, WAIT_REPLY } from './phrases';
import { linesFor, voiceFor, type Voice, type VoiceLines } from './voices';

const ASKED_FOR_NAME = /(como posso te chamar|como (voce )?prefere ser chamad|qual (e )?(o )?seu nome|me diz seu nome|your name|what should i call you|what can i call you|may i have your name)/;

interface Ctx {
  req: ReplyRequest;
  lang: Lang;
  voice: Voice;
  L: VoiceLines;
  seed: string;
  n: number;
  name?: string;
  nameUsed: boolean;
  history: ChatTurn[];
  userTurns: string[];
  lastAssistant?: string;
  firstContact: boolean;
  knownFacts: Fact[];
  newFacts: Fact[];
  statedName?: string;
}

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
  for (let attempt = 0; attempt < 3; attempt++) {
    reply = composeOnce(req, attempt);
    if (!lastAssistant || squish(reply) !== squish(lastAssistant)) break;
  }
  return reply;
}

function composeOnce(req: ReplyRequest, attempt: number): string {
  const lang = replyLanguage(req.soul, req.language);
  const voice = voiceFor(req.soul);
  // The built-in engine reads at most the last BUILTIN_HISTORY_TURNS turns (entity facts cover older memory).
  const history = (req.history ?? []).filter((t) => t.role !== 'system' && t.content?.trim()).slice(-BUILTIN_HISTORY_TURNS);
  const userTurns = history.filter((t) => t.role === 'user').map((t) => t.content);
  const assistantTurns = history.filter((t) => t.role === 'assistant');
  const lastAssistant = assistantTurns.at(-1)?.content;
  const message = squish(req.message ?? '');
  const tag = lang === 'pt' ? 'pt-BR' : 'en';

  const newFacts = extractFacts(message, { language: tag });
  let statedName = newFacts.find((f) => f.kind === 'name')?.value;
  if (!statedName && lastAssistant && ASKED_FOR_NAME.test(fold(lastAssistant))) statedName = bareName(message);

  const ctx: Ctx = {
    req,
    lang,
    voice,
    L: linesFor(voice, lang),
    seed: `${req.soul.id}|${lang}|${fold(message)}|${history.length}|${fold(lastAssistant ?? '')}|${attempt}`,
    n: 0,
    name: firstName(statedName ?? nameFromHistory(history) ?? req.facts?.find((f) => f.kind === 'name')?.value ?? req.userName),
    nameUsed: false,
    history,
    userTurns,
    lastAssistant,
    firstContact: assistantTurns.length === 0,
    knownFacts: mergeFacts(req.facts ?? [], ...userTurns.map((u) => extractFacts(u, { language: tag })), newFacts),
    newFacts,
    statedName,
  };
  // A leading apology ("desculpa a demora, é 123456") gets a short "no worries", then the rest is answered.
  const { apology, rest } = splitApology(message);
  if (apology) {
    const forgive = APOLOGY_REPLY[ctx.voice.id]?.[lang] ?? APOLOGY_REPLY['support'][lang];
    if (!rest || !detectIntents(rest).substantive) {
      return squish([fill(ctx, choose(ctx, forgive)), fill(ctx, choose(ctx, ctx.voice.id === 'empathetic' ? ctx.L.statementAsk : ctx.L.anythingElse))].join(' '));
    }
    return squish([fill(ctx, choose(ctx, forgive)), ...respond(ctx, rest, detectIntents(rest))].filter(Boolean).join(' '));
  }
  const intents = detectIntents(message);
  return squish(respond(ctx, message, intents).filter(Boolean).join(' '));
}

function respond(ctx: Ctx, message: string, i: Intents): string[] {
  const { L, lang } = ctx;
  if (!message || i.empty) {
    if (ctx.voice.id === 'formal') return [lang === 'pt' ? 'Poderia me dizer, por gentileza, como posso ajudá-lo(a)?' : 'Could you kindly tell me how I may assist you?'];
    return [lang === 'pt' ? 'Pode me contar um pouco mais?' : 'Could you tell me a bit more?'];
  }

  if (i.recallName) return recallName(ctx);
  if (i.recallAsked) return recallAsked(ctx);
  if (i.recallMe) return recallMe(ctx);
  if (i.human) return [fill(ctx, choose(ctx, L.human))];
  if (i.statusCheck && !i.complaint) return statusCheck(ctx);
  if (i.wait && !i.complaint && !i.question) return [fill(ctx, choose(ctx, WAIT_REPLY[ctx.voice.id][lang]))];
  if (i.celebration && !i.complaint) {
    const c = CELEBRATE[ctx.voice.chatty ? 'warm' : 'reserved'][lang];
    const birthday = /\b(?:aniversario|birthday)\b/.test(fold(message));
    return [fill(ctx, choose(ctx, birthday ? c.birthday : c.news)), fill(ctx, choose(ctx, c.ask))];
  }
  if (i.confused) {
    const which = lang === 'pt' ? 'Qual parte ficou confusa para você?' : 'Which part was unclear?';
    return [fill(ctx, choose(ctx, CONFUSED_REPLY[ctx.voice.id][lang])), ctx.voice.id === 'formal' ? (lang === 'pt' ? 'Qual ponto posso esclarecer?' : 'Which point may I clarify?') : which];
  }

  const goodNight = !ctx.firstContact && /^(?:boa noite|good night)[!. ]*$/.test(fold(message));
  if ((i.farewell || goodNight) && !i.complaint) {
    const parts: string[] = [];
    parts.push(fill(ctx, choose(ctx, L.farewell)));
    return parts;
  }

  const parts: string[] = [];
  const personal = ctx.newFacts.filter((f) => f.kind !== 'name');
  const ack = Boolean(ctx.statedName) || personal.length > 0;
  // What the message says besides stating facts ("Sou a Ana e meu pedido não chegou").
  const rest = ack ? detectIntents(withoutFacts(message, ctx.newFacts)) : i;
  const complaint = rest.complaint && (!ack || rest.substantive);
  const asks = (rest.question || rest.request) && rest.substantive;

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
    if (repeatedAsk(ctx, message)) parts.push(lang === 'pt' ? 'Vi que você já tinha me falado disso antes.' : 'I see you mentioned this before.');
    parts.push(fill(ctx, choose(ctx, L.complaint)));
    const ownAsk = ctx.voice.id === 'empathetic' || ctx.voice.id === 'technical';
    const fallback = ownAsk
      ? L.defaultAsk
      : [
          lang === 'pt'
            ? 'Pode me contar o que aconteceu, com o número do pedido ou protocolo, se tiver?'
            : 'Could you tell me what happened, with the order or ticket number if you have it?',
        ];
    const wrap = ctx.voice.id === 'sales' ? [lang === 'pt' ? 'Vamos resolver isso: {ask}' : "Let's get this fixed: {ask}"] : L.needMore;
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
    parts.push(ctx.voice.id === 'formal' ? OPEN.formal[lang] : lang === 'pt' ? 'Me conta o que você precisa.' : 'Tell me what you need.');
    return parts;
  }
  if (i.compliment && !asks) {
    parts.push(fill(ctx, choose(ctx, COMPLIMENT_REPLY[ctx.voice.id][lang])));
    if (ctx.voice.id !== 'playful') parts.push(fill(ctx, choose(ctx, L.anythingElse)));
    else parts.push(fill(ctx, choose(ctx, L.statementAsk)));
    return parts;
  }
  if (i.laughter) {
    if (ctx.voice.chatty) parts.push(ctx.voice.id === 'playful' ? (lang === 'pt' ? 'Kkkkk adorei! 😂' : 'Hahaha love it! 😂') : '😄');
    parts.push(fill(ctx, choose(ctx, L.anythingElse)));
    return parts;
  }
  if (i.aboutBot) {
    parts.push(fill(ctx, L.about));
    parts.push(OPEN[ctx.voice.id][lang]);
    return parts;
  }

  if (i.howAreYou && !(i.question && i.substantive && !onlySmallTalk(message))) {
    // "Tudo sim, e você?": they already said they are fine.
    const asksBack = /\b(?:e (?:voce|vc|tu|contigo)|and (?:you|u)|what about you|how about you)\b/.test(fold(message));
    if (asksBack && /\b(?:tudo (?:sim|bem|otimo|certo|joia|tranquilo)|(?:to|estou|tou) bem|bem|otim[oa]|de boa|tranquil[oa]|i'?m (?:good|fine|great|well|ok)|good|great|fine|not bad)\b/.test(fold(message))) {
      const reserved = !ctx.voice.chatty;
      const glad = lang === 'pt'
        ? reserved ? 'Fico feliz em saber{name}. Por aqui, tudo em ordem.' : 'Que bom saber{name}! Por aqui também está tudo ótimo.'
        : reserved ? 'I am glad to hear it{name}. All is well here, thank you.' : 'Glad to hear it{name}! All good here too.';
      return [...parts, fill(ctx, glad), OPEN[ctx.voice.id][lang]];
    }
    parts.push(fill(ctx, choose(ctx, L.howAreYou)));
    return parts;
  }

  if (asks) {
    spareName(ctx);
    // A question about the world ("what's the weather tomorrow?") with no subject we know.
    const personal = /\b(?:meu|minha|meus|minhas|eu|me|mim|comigo|my|mine|i|me|i'm|i'?ve)\b/.test(fold(message));
    if (rest.question && !rest.request && !findTopic(message) && i.aboutYou && !ack) {
      return [choose(ctx, ABOUT_YOU[ctx.voice.chatty ? 'warm' : 'reserved'][lang])];
    }
    if (rest.question && !rest.request && !personal && !findTopic(message) && ctx.voice.id !== 'teacher' && ctx.voice.id !== 'concise') {
      if (!ack) parts.push(fill(ctx, choose(ctx, L.question)));
      parts.push(choose(ctx, NO_LOOKUP[ctx.voice.chatty ? 'warm' : 'reserved'][lang]));
      return dedupe(parts);
    }
    if (repeatedAsk(ctx, message)) {
      parts.push(lang === 'pt' ? 'Você já tinha me perguntado isso — vamos resolver de vez.' : "You asked me this before — let's get it sorted this time.");
    } else if (rest.question && !ack) {
      parts.push(fill(ctx, choose(ctx, L.question)));
    } else if (!ack && !i.greeting) {
      parts.push(fill(ctx, choose(ctx, REQUEST_OPENER[ctx.voice.id][lang])));
    }
    parts.push(followUp(ctx, message, L.needMore, L.defaultAsk));
    return dedupe(parts);
  }

  if (i.thanks) {
    parts.push(fill(ctx, choose(ctx, L.thanks)));
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
  const topic = findTopic(message) ?? topicOfConversation(ctx);
  if (topic?.id === 'grief') {
    parts.push(fill(ctx, choose(ctx, CONDOLENCES[lang])));
    parts.push(followUp(ctx, message, NEUTRAL_WRAP[lang], [], false));
    return dedupe(parts);
  }
  if (topic?.id === 'feelings') {
    parts.push(fill(ctx, choose(ctx, SYMPATHY[ctx.voice.id]?.[lang] ?? L.complaint)));
    parts.push(followUp(ctx, message, L.needMore, L.defaultAsk));
    return dedupe(parts);
  }
  parts.push(fill(ctx, choose(ctx, L.statement)));
  parts.push(topic ? followUp(ctx, message, L.needMore, L.statementAsk, false) : fill(ctx, choose(ctx, L.statementAsk)));
  return dedupe(parts);
}

/**
 * The follow-up question: the topic's (refined by what the message already says), else a
 * fallback. Never asks exactly what the previous assistant message asked; if every option was
 * just asked, offers a human instead.
 */
function followUp(ctx: Ctx, message: string, wrap: readonly string[], fallback: readonly string[], wrapFallback = true): string {
  const topic = findTopic(message) ?? topicOfConversation(ctx);
  // Details given in the last few messages count too ("HP LaserJet, error 0x61…" then "still not working").
  const recent = [...ctx.userTurns.slice(-3), message].join(' \n ');
  const topicAsk = topic ? topicLines(topic, ctx.lang, recent).ask : undefined;
  const baseAsk = topic ? fold(topicLines(topic, ctx.lang).ask).slice(0, 40) : undefined;
  // Once details were given, never fall back to asking for them all again.
  const others = topicAsk && baseAsk && fold(topicAsk).slice(0, 40) !== baseAsk ? fallback.filter((a) => fold(a).slice(0, 40) !== baseAsk) : fallback;
  const candidates = [...(topicAsk ? [topicAsk] : []), ...others];
  const last = fold(ctx.lastAssistant ?? '');
  const fresh = candidates.filter((a) => !last.includes(fold(a).slice(0, 40)));
  if (!fresh.length) {
    return fill(ctx, choose(ctx, ctx.L.escalate));
  }
  const ask = topic && fresh[0] === candidates[0] ? fresh[0] : choose(ctx, fresh);
  // Several sentences ("Anotei o pedido 123. Pode me confirmar…?") or a colon stand on their own.
  if (/[.!?]\s+\S/.test(ask) || ask.includes(':') || ask.includes(' — ')) return ask;
  if (ask !== topicAsk && !wrapFallback) return fill(ctx, ask);
  const domain = DOMAIN[ctx.voice.id] ?? 'all';
  const askTopic = topic && ask === topicAsk ? topic.id : null;
  const fits = askTopic === 'feelings' ? ctx.voice.id === 'empathetic' : domain === 'all' || domain.includes(askTopic);
  return fill(ctx, withAsk(choose(ctx, fits ? wrap : NEUTRAL_WRAP[ctx.lang]), ask));
}

/** The topic of the latest user message that had one. */
function topicOfConversation(ctx: Ctx) {
  for (let k = ctx.userTurns.length - 1; k >= 0; k--) {
    const t = findTopic(ctx.userTurns[k]);
    if (t) return t;
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

function firstName(name: string | undefined): string | undefined {
  const n = name?.trim();
  if (!n) return undefined;
  return n.split(/\s+/)[0];
}

/** "Ana", "é Ana", "it's Ana" in answer to "what should I call you?". */
function bareName(message: string): string | undefined {
  const m = trimEnd(message).replace(/^(?:é|e|sou|sou a|sou o|it's|its|i'm|im|me chamo|call me)\s+/i, '');
  if (!/^[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?$/u.test(m)) return undefined;
  const i = detectIntents(m);
  if (i.yes || i.no || i.greeting || i.thanks || i.farewell) return undefined;
  if (/^(?:nao|não|prefiro nao|prefiro não|ninguem|ninguém|nobody|none|no)$/i.test(m)) return undefined;
  return titleCase(m);
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
  if (ctx.voice.id === 'formal') return ctx.lang === 'pt' ? `Sou ${soul.name}, seu concierge.` : `I am ${soul.name}, your concierge.`;
  return ctx.lang === 'pt' ? `Eu sou ${article(soul)}${soul.name}.` : `I'm ${soul.name}.`;
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
  if (tod) base = base.replace(/^(?:good day|muito bom dia|bom dia|olá|oi|hello|hi there|hi)(?=[!,.])/i, capitalize(tod));
  if (!ctx.name) return base;
  // Put the name right after the opening interjection: "Oi, Ana! Eu sou a Lia…".
  const m = /^((?:eeei, )?(?:oi|olá|ola|hi there|hi|hello|hey|heyyy|good day|good morning|good afternoon|good evening|bom dia|boa tarde|boa noite|muito bom dia|eeei))([!,.])/iu.exec(base);
  if (m) {
    ctx.nameUsed = true;
    return `${m[1]}, ${ctx.name}${m[2]}${base.slice(m[0].length)}`;
  }
  return base;
}

const TIME_OF_DAY: Record<string, Record<Lang, string>> = {
  'bom dia': { pt: 'bom dia', en: 'good morning' },
  'good morning': { pt: 'bom dia', en: 'good morning' },
  'boa tarde': { pt: 'boa tarde', en: 'good afternoon' },
  'good afternoon': { pt: 'boa tarde', en: 'good afternoon' },
  'boa noite': { pt: 'boa noite', en: 'good evening' },
  'good evening': { pt: 'boa noite', en: 'good evening' },
};

/** "bom dia" / "good evening" (in the reply language) when the message opens with a time-of-day greeting. */
function timeOfDay(message: string, lang: Lang): string | undefined {
  const m = /^(bom dia|boa tarde|boa noite|good morning|good afternoon|good evening)\b/.exec(fold(squish(message ?? '')));
  return m ? TIME_OF_DAY[m[1]][lang] : undefined;
}

/** "Alguma novidade?": what is still needed to move the latest subject forward. */
function statusCheck(ctx: Ctx): string[] {
  const { lang } = ctx;
  const topic = topicOfConversation(ctx);
  if (!topic) return [fill(ctx, choose(ctx, ctx.L.statementAsk))];
  const recent = ctx.userTurns.slice(-3).join(' \n ');
  const t = topicLines(topic, lang, recent);
  return lang === 'pt'
    ? [`Sobre ${t.about}: para eu seguir, ainda preciso de uma informação.`, t.ask]
    : [`About ${t.about}: to move forward, I still need one thing.`, t.ask];
}

function recallName(ctx: Ctx): string[] {
  const { lang } = ctx;
  if (ctx.name) {
    const options =
      lang === 'pt'
        ? ['Seu nome é {Name} — não esqueci!', 'Claro que lembro: você é {Name}.']
        : ["Your name is {Name} — I haven't forgotten!", "Of course I remember: you're {Name}."];
    return [fill(ctx, choose(ctx, options))];
  }
  return [lang === 'pt' ? 'Você ainda não me disse seu nome. Como posso te chamar?' : "You haven't told me your name yet. What should I call you?"];
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
      lang === 'pt'
        ? 'Você ainda não me fez nenhuma pergunta nesta conversa — mas fique à vontade!'
        : "You haven't asked me anything yet in this conversation — but feel free!",
    ];
  }
  const last = asks.slice(-2);
  const parts: string[] = [];
  const asked = last.some((q) => detectIntents(q).question);
  const verb = lang === 'pt' ? (asked ? 'Você me perguntou' : 'Você me disse') : asked ? 'You asked me' : 'You told me';
  if (last.length === 1) {
    parts.push(`${verb}: ${quote(last[0], lang)}`);
  } else {
    parts.push(`${verb} ${quote(last[0], lang)} ${lang === 'pt' ? 'e depois' : 'and then'} ${quote(last[1], lang)}`);
  }
  const topic = findTopic(last[last.length - 1]);
  if (topic) {
    const t = topicLines(topic, lang);
    parts.push(lang === 'pt' ? `Vamos continuar daí? ${t.ask}` : `Shall we continue from there? ${t.ask}`);
  } else {
    parts.push(lang === 'pt' ? 'Quer retomar esse assunto?' : 'Would you like to pick that up again?');
  }
  return parts;
}

function recallMe(ctx: Ctx): string[] {
  const { lang } = ctx;
  const facts = ctx.knownFacts.filter((f) => f.kind !== 'name');
  const details = describeFacts(facts, lang);
  const parts: string[] = [];
  if (ctx.name) parts.push(lang === 'pt' ? `Sei que você se chama ${ctx.name}.` : `I know your name is ${ctx.name}.`);
  if (details) {
    parts.push(lang === 'pt' ? `Você me contou que: ${lowerFirst(details)}` : `You told me that you: ${lowerFirst(details)}`);
  }
  if (!parts.length) {
    return [lang === 'pt' ? 'Ainda sei bem pouco sobre você. Me conta algo?' : "I still know very little about you. Tell me something?"];
  }
  parts.push(lang === 'pt' ? 'Quer me contar mais alguma coisa?' : 'Anything else you would like to share?');
  return parts;
}

/** Lower-cases the first letter, except for "I", "I'm"… and acronyms. */
function lowerFirst(s: string): string {
  if (!s || /^(?:I\b|I['’]|\p{Lu}{2})/u.test(s)) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
}

const WHEN = /\b(amanha|hoje|semana|mes|ano|fim de semana|feriado|ferias|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|segunda|terca|quarta|quinta|sexta|sabado|domingo|tomorrow|today|tonight|week|month|year|weekend|holiday|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|soon|logo)\b/;

function factAck(ctx: Ctx, f: Fact, all: Fact[]): string {
  const { lang, L } = ctx;
  if (!ctx.voice.chatty) return fill(ctx, choose(ctx, L.noted));
  const same = all.filter((x) => x.kind === f.kind && x.key === f.key).map((x) => x.value);
  const v = same.length > 1 ? joinList(same.slice(0, 3), lang) : f.value;
  const pt = lang === 'pt';
  switch (f.kind) {
    case 'preference':
      if (f.key === 'likes')
        return choose(ctx, pt ? [`Que legal, ${v}! Vou lembrar disso.`, `Adorei saber que você gosta de ${v}!`] : [`Oh nice, ${v}! I'll remember that.`, `Love that you're into ${v}!`]);
      if (f.key === 'dislikes') return choose(ctx, pt ? [`Anotado: ${v} não é com você.`, `Entendi, nada de ${v} então!`] : [`Noted: ${v} is not your thing.`, `Got it, no ${v} for you!`]);
      return pt ? `Boa escolha: ${v}!` : `Great choice: ${v}!`;
    case 'plan':
      if (WHEN.test(fold(f.value))) {
        return choose(ctx, pt ? ['Que demais! Como estão os preparativos?', 'Que bacana! Já está tudo planejado?'] : ['How exciting! How are the preparations going?', 'That sounds great! Is everything planned already?']);
      }
      return choose(ctx, pt ? ['Que bacana! Quando vai ser?', 'Que legal! E quando pretende fazer isso?'] : ['That sounds exciting! When is it happening?', 'How nice! When are you planning to do it?']);
    case 'relation':
      return choose(
        ctx,
        pt
          ? [`Que bom saber sobre ${relationPhrase(f, 'pt')}!`, `Adorei conhecer um pouco sobre ${relationPhrase(f, 'pt')}.`]
          : [`Lovely to hear about ${relationPhrase(f, 'en')}!`, `It's nice to learn about ${relationPhrase(f, 'en')}.`],
      );
    case 'location':
      if (f.key === 'from') return pt ? `Ah, ${v}! Que legal. Como é aí?` : `Oh, from ${v}! How nice. What's it like there?`;
      return choose(ctx, pt ? [`${v}! E o que você mais gosta de lá?`, `Que legal, ${v}! Como é morar aí?`] : [`${v}! What do you like most about it?`, `Oh nice, ${v}! How do you like living there?`]);
    case 'job':
      if (f.key === 'employer') return pt ? `Legal, na ${v}! Como é trabalhar lá?` : `Nice, at ${v}! How do you like working there?`;
      return pt ? `Que legal, ${v}! Como está o trabalho?` : `Oh, ${enArticle(v)}! How's work going?`;
    default:
      return fill(ctx, choose(ctx, L.noted));
  }
}

/** A natural next question about something the user shared. */
function factQuestion(ctx: Ctx, f: Fact): string {
  const pt = ctx.lang === 'pt';
  switch (f.kind) {
    case 'preference':
      if (f.key === 'likes') return choose(ctx, pt ? ['O que você mais curte nisso?', 'Há quanto tempo você curte isso?'] : ['What do you enjoy most about it?', 'How long have you been into it?']);
      return choose(ctx, pt ? ['E do que você gosta?', 'E o que você prefere?'] : ['What do you like instead?', 'So what do you prefer?']);
    case 'relation': {
      const female = /^sua\b/.test(relationPhrase(f, 'pt'));
      return pt ? `Me conta mais sobre ${female ? 'ela' : 'ele'}?` : 'Tell me more about them?';
    }
    case 'job':
      return pt ? 'Há quanto tempo você trabalha com isso?' : 'How long have you been doing that?';
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

/** Has the user asked (nearly) the same thing before in this conversation? */
function repeatedAsk(ctx: Ctx, message: string): boolean {
  const key = fold(trimEnd(message)).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  if (key.split(' ').length < 3) return false;
  return ctx.userTurns.some((u) => fold(trimEnd(u)).replace(/[^\p{L}\p{N}]+/gu, ' ').trim() === key);
}
