/** Languages the built-in engine and the fact rules understand. Other tags are accepted and fall back to English. */
export type SoulLanguage = 'pt-BR' | 'en' | 'es' | 'fr';

/** A personality: who the assistant is and how it talks. */
export interface Soul {
  id: string;
  name: string;
  description: string;
  /** A short phrase describing the voice, e.g. "warm and upbeat". */
  tone: string;
  /** BCP 47 tag; 'pt-BR', 'en' and 'es' are fully supported by the built-in engine. */
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

/**
 * What a fact is about:
 * - `name`; `preference` (`likes`, `dislikes`, `favorite_<thing>`); `plan`; `goal`;
 * - `relation` (key: the relation in English, `sister`, `dog`…; value: their name);
 * - `location` (`lives_in`, `from`); `job` (`job`, `employer`);
 * - `identifier`: numbers and codes the person gave (`order`, `ticket`, `tracking`, `invoice`, `booking`,
 *   `reference`, `account`, `flight`, `room`, `plate`, `tax_id`, `code`);
 * - `contact` (`email`, `phone`, `address`, `postcode`);
 * - `date`: when something happens (`birthday`, `appointment`, `meeting`, `flight`, `trip`, `exam`…);
 * - `other`: `age` and attributes stated as "my X is Y" (`budget`, `size`, `team`…);
 * - `statement`: a sentence the person said, kept as said (key: its language `en`/`pt`/`es`/`fr`; value: the
 *   folded sentence; text: the sentence) for the statement memory (statements.ts).
 */
export type FactKind = 'name' | 'preference' | 'plan' | 'goal' | 'relation' | 'location' | 'job' | 'identifier' | 'contact' | 'date' | 'other' | 'statement';

/**
 * One thing we know about a person. `kind` + `key` + `value` are normalized so a fact stated twice
 * dedupes; `factSlot` says which facts a later one replaces (the same order number slot, the same
 * taste for one thing…). Both services store this shape.
 */
export interface Fact {
  kind: FactKind;
  key: string;
  value: string;
  /** A readable sentence stating the fact (in the language it was said). */
  text: string;
  /** The message the fact was taken from (messaging `msg_…`, entity `int_…`), when known. */
  sourceMessageId?: string;
  /** When it was last stated (ISO 8601), when known. */
  updatedAt?: string;
}

export interface ReplyRequest {
  soul: Soul;
  /** The default reply language (the agent's or entity's); overrides soul.language. */
  language?: string;
  /**
   * `auto`: answer in the language the user writes in when it is clear (detected per message, then
   * from their earlier messages), else in `language ?? soul.language`. A BCP 47 tag: always that
   * language. Absent: `language ?? soul.language`, no detection.
   */
  replyLanguage?: string;
  /** Oldest first, NOT including `message`. */
  history: ChatTurn[];
  /** The new user message. */
  message: string;
  /** Known display name, if any. */
  userName?: string;
  /**
   * Everything remembered about this person, whatever the history window: the conversation's facts
   * (messaging) or the end user's memory (entity). Oldest first; a later fact replaces an earlier one of
   * the same slot.
   */
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
