/** A conditional read's answer: the validators, and the content unless the caller's copy is current (`null`: 304). */
export interface ConditionalAnswer<T> {
  etag: string;
  cacheControl: string;
  content: T | null;
}

/** Whether an If-None-Match value names `etag` (or is `*`). */
export const namesEtag = (ifNoneMatch: string | undefined, etag: string, wildcard = true) =>
  !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || (wildcard && t.trim() === '*'));
