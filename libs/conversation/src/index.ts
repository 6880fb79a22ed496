// @platform/conversation — the reply engine shared by messaging and entity.
// Plain TypeScript: no Nest, no database, no environment reads (configuration is passed in).
export type {
  ChatTurn,
  EngineConfig,
  Fact,
  FactKind,
  ProviderName,
  RelationshipStats,
  ReplyEngine,
  ReplyRequest,
  ReplyResult,
  Soul,
  SoulLanguage,
} from './lib/types';
export { ProviderError } from './lib/provider-error';
export { toProviderError } from './lib/to-provider-error';
export { SOULS, getSoul, listSouls, soulNamed } from './lib/souls';
export { BuiltinEngine } from './lib/builtin-engine';
export { AiSdkEngine, DEFAULT_BASE_URLS, DEFAULT_MODELS, DEFAULT_TIMEOUT_MS } from './lib/ai-sdk-engine';
export { createReplyEngine } from './lib/create-reply-engine';
export { buildMessages, buildSystemPrompt, MAX_HISTORY_TURNS } from './lib/prompt';
export { extractAnswerFacts, extractFacts, factId, factSlot, factText, keepRecentFacts, mergeFacts, summarizeRelationship } from './lib/facts';
export { DETECTED_TAGS, DETECTION_THRESHOLD, detectLanguage } from './lib/detect-language';
export type { DetectedLanguage, LanguageGuess } from './lib/detect-language';
export { chooseReplyLanguage, languageFamily } from './lib/language';
export type { LanguageChoice } from './lib/language';
export { matchMemoryQuestion } from './lib/recall';
export {
  applyCorrections,
  buildStatements,
  collectCorrections,
  extractStatements,
  findCorrections,
  isAgentQuestion,
  isSelfQuestion,
  isStatementFact,
  recallStatements,
  shiftPerson,
  STATEMENT_KIND,
  tellBack,
} from './lib/statements';
export type { Correction, Statement } from './lib/statements';
export { termsOf } from './lib/terms';
export type { Terms } from './lib/terms';
export { LANGUAGE_DATA } from './lib/lang';
export type { LanguageData } from './lib/lang';
export { extractFactsWithProvider } from './lib/extract-facts-with-provider';
export { engineEnvSchema, engineEnvProblems, engineConfigFromEnv } from './lib/engine-env';
export type { EngineEnv } from './lib/engine-env';
