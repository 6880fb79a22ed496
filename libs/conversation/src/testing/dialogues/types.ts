/**
 * Scripted conversations for the dialogue suite: what the user says, turn by turn, and what the
 * reply to each turn must (and must not) contain. Run through the HTTP APIs of messaging and entity.
 */

export type DialogueLanguage = 'pt' | 'en' | 'es' | 'fr' | 'de';

export interface DialogueTurn {
  /** What the user says. */
  say: string;
  /**
   * Every entry must appear in the reply (compared without case and accents); an array entry is
   * satisfied by any one of its alternatives.
   */
  contains?: Array<string | string[]>;
  /** None of these may appear in the reply (compared without case and accents). */
  excludes?: string[];
  /** The language the reply must be written in. */
  lang?: DialogueLanguage;
}

export interface MessagingSetup {
  service: 'messaging';
  /** The agent: soul and optional language settings. */
  agent: { soul_id: string; name?: string; language?: string; reply_language?: string };
}

export interface EntitySetup {
  service: 'entity';
  /** The entity (its personality is derived from the purpose) and the end user talking to it. */
  entity: { name: string; purpose: string };
  endUser: { id: string; name?: string };
}

export type Dialogue = (MessagingSetup | EntitySetup) & {
  id: string;
  /** What it exercises, in a few words. */
  about: string;
  /**
   * A long conversation: after turn `after` (0-based), the user sends `count` messages taken in turn
   * from `messages` (their replies are not checked), so the turns after it run far past the history window.
   */
  filler?: { after: number; count: number; messages: string[] };
  turns: DialogueTurn[];
};
