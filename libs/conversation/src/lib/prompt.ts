import { languageName } from './language';
import type { ChatTurn, Fact, ReplyRequest } from './types';

/** How many recent turns are sent to a provider. Older turns are summarized by the known facts. */
export const MAX_HISTORY_TURNS = 40;

/**
 * Builds the system prompt for an LLM provider: the soul (name, description, tone and style rules),
 * the language to answer in, and what is known about the user.
 */
export function buildSystemPrompt(req: ReplyRequest): string {
  const { soul } = req;
  const language = req.language?.trim() || soul.language;
  const lines: string[] = [
    `You are ${soul.name}. ${soul.description}`,
    `Tone: ${soul.tone}.`,
    `Always reply in ${languageName(language)}, unless the user explicitly asks for another language.`,
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
    lines.push('', 'What you know about the user (use it naturally, do not recite it):', ...known.map((k) => `- ${k}`));
  }
  const notes = (req.history ?? []).filter((t) => t.role === 'system').map((t) => t.content.trim()).filter(Boolean);
  if (notes.length) {
    lines.push('', 'Notes:', ...notes.map((n) => `- ${n}`));
  }
  return lines.join('\n');
}

function knownAboutUser(userName: string | undefined, facts: Fact[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  if (userName?.trim()) {
    out.push(`Name: ${userName.trim()}`);
    seen.add('name');
  }
  for (const f of facts) {
    const id = `${f.kind}:${f.key}:${f.value}`;
    if (seen.has(id) || (f.kind === 'name' && seen.has('name'))) continue;
    seen.add(id);
    if (f.kind === 'name') seen.add('name');
    out.push(f.text || `${f.kind} ${f.key}: ${f.value}`);
    if (out.length >= 30) break;
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
