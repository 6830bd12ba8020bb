/**
 * A query string (application/x-www-form-urlencoded) as flat pairs [key, value, key, value, …], exactly as
 * URLSearchParams would give them. Hand-parsed: URLSearchParams keeps its own list of pairs and its iterator
 * makes an array per entry, which was the largest share of an OsmAnd request's CPU time and garbage.
 */
export function formParams(query: string): string[] {
  // Non-ASCII text goes through URLSearchParams itself (it also repairs lone surrogates; clients escape
  // everything, so this is not the usual path).
  if (NON_ASCII.test(query)) return [...new URLSearchParams(query)].flat();
  const out: string[] = [];
  let start = query[0] === '?' ? 1 : 0;
  while (start <= query.length) {
    let end = query.indexOf('&', start);
    if (end < 0) end = query.length;
    if (end > start) {
      const eq = query.indexOf('=', start);
      const split = eq >= 0 && eq < end;
      out.push(formDecode(query.slice(start, split ? eq : end)), split ? formDecode(query.slice(eq + 1, end)) : '');
    }
    start = end + 1;
  }
  return out;
}

const NON_ASCII = /[\u0080-\uffff]/;

/** '+' is a space, then %XX escapes as UTF-8; malformed escapes stay and bad UTF-8 is replaced, as URLSearchParams does. */
function formDecode(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return new URLSearchParams(`x=${text}`).get('x') ?? '';
  }
}
