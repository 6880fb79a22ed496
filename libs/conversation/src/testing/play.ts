import { BuiltinEngine } from '../lib/builtin-engine';
import type { ChatTurn, Soul } from '../lib/types';

/** An entity's soul as entity builds it from a purpose: the purpose is its description. */
export function entitySoul(description: string, language = 'en', name = 'Ada'): Soul {
  return { id: `entity-${name}`, name, description, tone: 'friendly', language, styleRules: [], greeting: `Hi, I'm ${name}.` };
}

/** Plays `messages` in turn through the built-in engine as one conversation; answers the replies. */
export async function play(soul: Soul, messages: string[], engine = new BuiltinEngine()): Promise<string[]> {
  const history: ChatTurn[] = [];
  const replies: string[] = [];
  for (const message of messages) {
    const { content } = await engine.reply({ soul, history: [...history], message, replyLanguage: 'auto' });
    replies.push(content);
    history.push({ role: 'user', content: message }, { role: 'assistant', content });
  }
  return replies;
}
