// wink-lexicon ships no types: its WordNet exception tables are plain CommonJS objects.
declare module 'wink-lexicon/src/wn-verb-exceptions.js' {
  /** An inflected form of an English verb that no suffix rule undoes ("flew", "bought", "paid") → its base form ("fly"). */
  const table: Record<string, string>;
  export = table;
}

declare module 'wink-lexicon/src/lexicon.js' {
  /** English words (lower case) → their parts of speech, from WordNet. */
  const lexicon: Record<string, unknown>;
  export = lexicon;
}
