/**
 * GBK text (JT/T 808-2019 §4.3: STRING is GBK). Decoding uses the runtime's TextDecoder; encoding builds the
 * reverse table once from that decoder, so no extra dependency is needed.
 */
const decoder = new TextDecoder('gbk');
let table: Map<string, number> | undefined;

export function gbkDecode(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

function reverseTable(): Map<string, number> {
  if (table) return table;
  table = new Map();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const ch = decoder.decode(pair);
      if (ch.length === 1 && ch !== '\ufffd' && !table.has(ch)) table.set(ch, (lead << 8) | trail);
    }
  }
  return table;
}

/** Encode text as GBK; characters GBK cannot represent become '?'. */
export function gbkEncode(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f;
    if (code < 0x80) {
      out.push(code);
      continue;
    }
    const gbk = reverseTable().get(ch);
    if (gbk === undefined) out.push(0x3f);
    else out.push(gbk >> 8, gbk & 0xff);
  }
  return Buffer.from(out);
}

/** Zero-padded fixed-width GBK field → trimmed string. */
export function gbkField(bytes: Uint8Array): string {
  return gbkDecode(bytes).replace(/^\0+|\0+$/g, '');
}
