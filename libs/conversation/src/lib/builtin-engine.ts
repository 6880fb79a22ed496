import { composeReply } from './builtin-reply';
import { ProviderError } from './provider-error';
import type { ReplyEngine, ReplyRequest, ReplyResult } from './types';

/**
 * Deterministic reply engine used when no LLM provider is configured. It answers in the soul's
 * voice and language, greets, thanks, says goodbye, remembers the user's name and questions
 * within the conversation, and asks a useful follow-up when it cannot answer by itself.
 * Same request → same reply (no randomness, no clock).
 */
export class BuiltinEngine implements ReplyEngine {
  readonly name = 'builtin';
  readonly model = 'builtin-v1';

  async reply(req: ReplyRequest, opts?: { signal?: AbortSignal }): Promise<ReplyResult> {
    if (opts?.signal?.aborted) throw new ProviderError('builtin engine call aborted', true, { cause: opts.signal.reason });
    return { content: composeReply(req), provider: this.name, model: this.model };
  }
}
