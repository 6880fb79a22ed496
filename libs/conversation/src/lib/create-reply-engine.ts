import { BuiltinEngine } from './builtin-engine';
import type { EngineConfig, ReplyEngine } from './types';

export function createReplyEngine(config: EngineConfig): ReplyEngine {
  switch (config.provider) {
    case 'builtin':
      return new BuiltinEngine();
    default:
      throw new Error(`Provider not implemented yet: ${config.provider}`);
  }
}
