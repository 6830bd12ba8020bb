/**
 * Checks on a request's input that its schema cannot make. JSON nested deeper than any call needs
 * is refused before it is parsed, so no recursive step (parsing, trimming, validating) meets a
 * hundred-thousand-level body; the scan is one pass over the text. A NUL character (U+0000) is
 * refused in any string, because PostgreSQL text cannot store it and a query given one fails.
 */

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text nests objects and arrays more than `max` levels deep (strings are skipped). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * The path (`Rows.3.ICCID`) of a string holding a NUL character, in a key or a value, or
 * undefined. Iterative, like every walk over a request body.
 */
export function fieldWithNul(value: unknown): string | undefined {
  const todo: [unknown, string][] = [[value, '']];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [v, at] = next;
    if (typeof v === 'string') {
      if (v.includes('\0')) return at || '(body)';
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, item] of Object.entries(v)) {
        const path = at ? `${at}.${k}` : k;
        if (k.includes('\0')) return path.replaceAll('\0', '\\0');
        todo.push([item, path]);
      }
    }
  }
  return undefined;
}
