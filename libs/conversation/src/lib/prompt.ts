import { buildStatements, correctFacts, isStatementFact } from './statements';
import { fold } from './text';
import { factSlot } from './facts';
import { chooseReplyLanguage, languageName } from './language';
import type { ChatTurn, Fact, ReplyRequest } from './types';

/** How many recent turns are sent to a provider. Older turns are summarized by the known facts. */
export const MAX_HISTORY_TURNS = 40;
/** How many remembered facts go into the system prompt (the most recent ones, the name always). */
export const MAX_PROMPT_FACTS = 60;

/**
 * Builds the system prompt for an LLM provider: the soul (name, description, tone and style rules),
 * the language to answer in, and what is known about the user.
 */
export function buildSystemPrompt(req: ReplyRequest): string {
  const { soul } = req;
  const choice = chooseReplyLanguage(req);
  const language =
    choice.source === 'message' || choice.source === 'conversation'
      ? `Reply in ${languageName(choice.tag)}, the language the user is writing in; if they switch language, follow them.`
      : `Always reply in ${languageName(choice.tag)}, unless the user explicitly asks for another language.`;
  const lines: string[] = [
    `You are ${soul.name}. ${soul.description}`,
    `Tone: ${soul.tone}.`,
    language,
    '',
    'Style rules:',
    ...(soul.styleRules ?? []).map((r) => `- ${r}`),
    '',
    `Your usual greeting: "${soul.greeting}"`,
    'Keep replies conversational and reasonably short (a few sentences). Never claim to be human; if the user asks for a human, say you will pass the conversation on to a person.',
    'You have no access to orders, accounts, prices or schedules: never invent them. Ask for the details you need or offer to pass the question to the team.',
  ];
  const known = knownAboutUser(req.userName, req.facts ?? []);
  if (known.length) {
    lines.push(
      '',
      'What the user told you, in this conversation or earlier ones, even if it is no longer in the messages below (use it naturally, do not recite it; when they ask about one of these, answer with it; when they ask about something not listed, say plainly they have not told you):',
      ...known.map((k) => `- ${k}`),
    );
  }
  const notes = (req.history ?? [])
    .filter((t) => t.role === 'system')
    .map((t) => t.content.trim())
    .filter(Boolean);
  if (notes.length) {
    lines.push('', 'Notes:', ...notes.map((n) => `- ${n}`));
  }
  return lines.join('\n');
}

/** How many of the person's own statements the prompt carries (the latest). */
const MAX_PROMPT_STATEMENTS = 30;

function knownAboutUser(userName: string | undefined, facts: Fact[]): string[] {
  const out: string[] = [];
  if (userName?.trim()) out.push(`Name: ${userName.trim()}`);
  // The latest fact of each slot (a corrected order number replaces the first); the last ones when there are many.
  // What the person said (statements) with their corrections applied and superseded ones dropped, so an old value
  // ("my order number is 11111", corrected since) never reaches the model.
  const valid = facts.filter((f) => f?.kind && typeof f.value === 'string');
  const { statements, corrections } = buildStatements(valid, [], undefined);
  const bySlot = new Map<string, Fact>();
  for (const f of correctFacts(
    valid.filter((f) => !isStatementFact(f)),
    corrections,
  ))
    bySlot.set(factSlot(f), f);
  const name = [...bySlot.values()].find((f) => f.kind === 'name');
  if (name && !out.length) out.push(name.text || `Name: ${name.value}`);
  const rest = [...bySlot.values()].filter((f) => f.kind !== 'name').slice(-MAX_PROMPT_FACTS);
  for (const f of rest) out.push(f.text || `${f.kind} ${f.key}: ${f.value}`);
  const values = rest.map((f) => fold(f.value));
  for (const s of statements.slice(-MAX_PROMPT_STATEMENTS)) {
    // A statement naming a number or code the facts now hold differently is out of date.
    const stale = [...s.terms.numbers, ...s.terms.codes, ...s.terms.emails].some((v) => !values.includes(fold(v)));
    if (!stale) out.push(`They said: “${s.text}”`);
  }
  return out;
}

/** The conversation as provider messages: recent user/assistant turns, oldest first, then the new message. */
export function buildMessages(req: ReplyRequest): Array<{ role: 'user' | 'assistant'; content: string }> {
  const turns = (req.history ?? []).filter(
    (t): t is ChatTurn & { role: 'user' | 'assistant' } => (t.role === 'user' || t.role === 'assistant') && t.content.trim() !== '',
  );
  const recent = turns.slice(-MAX_HISTORY_TURNS);
  return [...recent.map((t) => ({ role: t.role, content: t.content })), { role: 'user' as const, content: req.message }];
}
