import type { Provider } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { createReplyEngine, ReplyEngine } from '@platform/conversation';
import type { MessagingConfig } from '../config';

export const REPLY_ENGINE = Symbol.for('messaging.replyEngine');
export type { ReplyEngine };

/** The engine chosen by LLM_PROVIDER: built-in (default) or a provider through the AI SDK. */
export const replyEngineProvider: Provider = {
  provide: REPLY_ENGINE,
  inject: [APP_CONFIG],
  useFactory: (config: MessagingConfig): ReplyEngine =>
    createReplyEngine({
      provider: config.llm.provider,
      model: config.llm.model,
      baseUrl: config.llm.baseUrl,
      apiKey: config.llm.apiKey,
      timeoutMs: config.llm.timeoutMs,
    }),
};
