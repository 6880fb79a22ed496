import type { ReplyEngine, ReplyRequest, ReplyResult } from './types';

/** Deterministic reply engine used when no LLM provider is configured. */
export class BuiltinEngine implements ReplyEngine {
  readonly name = 'builtin';

  async reply(req: ReplyRequest): Promise<ReplyResult> {
    return { content: req.soul.greeting, provider: this.name };
  }
}
