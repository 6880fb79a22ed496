const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether UTF-8 JSON text nests objects and arrays deeper than `max` levels (`{}` is one level,
 * `{"a": [1]}` two). One pass over the bytes, counting brackets outside strings, before anything
 * parses or walks the value: no recursion, so no depth can overflow it. In UTF-8 the bytes of `"`,
 * `\`, brackets never occur inside multi-byte characters. Text that is not valid JSON may be
 * counted wrongly; the parser refuses it afterwards anyway.
 */
export function exceedsJsonDepth(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) {
      inString = true;
    } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}
