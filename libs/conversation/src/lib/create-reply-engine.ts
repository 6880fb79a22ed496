import { AiSdkEngine } from './ai-sdk-engine';
import { BuiltinEngine } from './builtin-engine';
import type { EngineConfig, ReplyEngine } from './types';
import { warmUpConversation } from './warm-up';

/**
 * Returns the reply engine for a configuration: the deterministic built-in engine for
 * `builtin`, otherwise an AI SDK engine. Throws ProviderError (retryable false) when the
 * configuration is incomplete (missing apiKey, baseUrl or model).
 */
export function createReplyEngine(config: EngineConfig): ReplyEngine {
  // Both services extract facts and statements from every user message, whatever the engine: build those tables now,
  // at start-up, not inside the first reply's window (which a cold process missed: reply pending, then a retry).
  warmUpConversation();
  if (config.provider === 'builtin') return new BuiltinEngine();
  return new AiSdkEngine({ ...config, provider: config.provider });
}
