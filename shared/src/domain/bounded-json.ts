/**
 * JSON read from a caller (a request body, an imported file) with its nesting bounded. `JSON.parse`
 * itself takes any depth, but what walks the value afterwards recursively (`JSON.stringify`, `String`
 * of an array, a schema) overflows the stack on a value nested some thousands deep: a 500 from a
 * 40 KB request. No document of the product nests beyond a handful of levels (a transaction inside a
 * list inside a file), so anything deeper than `MAX_JSON_DEPTH` is refused before it is parsed.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether `text` opens more than `maxDepth` arrays or objects inside one another, brackets inside
 * strings aside. One pass without recursion; it stops at the first level too deep.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth -= 1;
  }
  return false;
}

export type BoundedJson = { ok: true; value: unknown } | { ok: false; reason: 'too_deep' | 'not_json' };

/** `JSON.parse` of text nested at most `maxDepth` levels; never throws. */
export function parseBoundedJson(text: string, maxDepth: number = MAX_JSON_DEPTH): BoundedJson {
  if (nestsDeeperThan(text, maxDepth)) return { ok: false, reason: 'too_deep' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: 'not_json' };
  }
}
