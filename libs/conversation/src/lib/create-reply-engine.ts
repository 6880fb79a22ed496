import { AiSdkEngine } from './ai-sdk-engine';
import { BuiltinEngine } from './builtin-engine';
import type { EngineConfig, ReplyEngine } from './types';

/**
 * Returns the reply engine for a configuration: the deterministic built-in engine for
 * `builtin`, otherwise an AI SDK engine. Throws ProviderError (retryable false) when the
 * configuration is incomplete (missing apiKey, baseUrl or model).
 */
export function createReplyEngine(config: EngineConfig): ReplyEngine {
  if (config.provider === 'builtin') return new BuiltinEngine();
  return new AiSdkEngine({ ...config, provider: config.provider });
}
