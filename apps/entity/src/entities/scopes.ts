/** API key scopes of the entity service. */
export const SCOPES = {
  /** Read entities and their messages. */
  read: 'entities:read',
  /** Send messages to entities. */
  chat: 'entities:chat',
  /** Create, update and delete entities (the provider flow). */
  write: 'entities:write',
} as const;

export const KNOWN_SCOPES = Object.values(SCOPES);

/** The OAuth scope of an access token for one entity: chat with it and read its messages. */
export const OAUTH_CHAT_SCOPE = 'entity:chat';
