import { Provider } from '@nestjs/common';
import { createReplyEngine, ReplyEngine } from '@platform/conversation';
import { APP_CONFIG } from '@platform/config';
import type { EntityConfig } from '../config';

export const REPLY_ENGINE = Symbol.for('entity.replyEngine');

/** The built-in engine, or the configured provider through the AI SDK. */
export const replyEngineProvider: Provider<ReplyEngine> = {
  provide: REPLY_ENGINE,
  inject: [APP_CONFIG],
  useFactory: (config: EntityConfig) => createReplyEngine(config.llm),
};
