/** Languages the built-in engine and the fact rules understand. Other tags are accepted and fall back to English. */
export type SoulLanguage = 'pt-BR' | 'en';

/** A personality: who the assistant is and how it talks. */
export interface Soul {
  id: string;
  name: string;
  description: string;
  /** A short phrase describing the voice, e.g. "warm and upbeat". */
  tone: string;
  /** BCP 47 tag; 'pt-BR' and 'en' are fully supported. */
  language: SoulLanguage | (string & {});
  /** Concrete rules the model (or the built-in engine) follows. */
  styleRules: string[];
  /** How the soul opens a conversation. */
  greeting: string;
}

export interface ChatTurn {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

export type FactKind = 'name' | 'preference' | 'plan' | 'relation' | 'location' | 'job' | 'other';

/** One thing we know about a person. `kind` + `key` + `value` are normalized so a fact stated twice dedupes. */
export interface Fact {
  kind: FactKind;
  key: string;
  value: string;
  /** A readable sentence stating the fact (in the language it was said). */
  text: string;
}

export interface ReplyRequest {
  soul: Soul;
  /** Overrides soul.language. */
  language?: string;
  /** Oldest first, NOT including `message`. */
  history: ChatTurn[];
  /** The new user message. */
  message: string;
  /** Known display name, if any. */
  userName?: string;
  /** Known facts about this person (entity memory). */
  facts?: Fact[];
}

export interface ReplyResult {
  content: string;
  provider: string;
  model?: string;
}

export interface ReplyEngine {
  readonly name: string;
  reply(req: ReplyRequest, opts?: { signal?: AbortSignal }): Promise<ReplyResult>;
}

export type ProviderName = 'builtin' | 'openai' | 'anthropic' | 'openai-compatible';

export interface EngineConfig {
  provider: ProviderName;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  timeoutMs?: number;
}

export interface RelationshipStats {
  interactions: number;
  firstSeen: Date;
  lastSeen: Date;
  name?: string;
}
