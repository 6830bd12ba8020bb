import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF pdfkit wrote (test support): its streams inflated, each font's ToUnicode map read, and the
 * TJ/Tj strings mapped back to characters. Enough for pdfkit's own output, not for PDFs in general.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const re = /\bstream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start, end);
    const dict = raw.slice(Math.max(0, raw.lastIndexOf('<<', m.index)), m.index);
    try {
      streams.push(dict.includes('FlateDecode') ? inflateSync(body).toString('latin1') : body.toString('latin1'));
    } catch {
      // font programs and images: not text
    }
    re.lastIndex = end + 'endstream'.length;
  }
  const map = new Map<number, string>();
  for (const s of streams.filter((x) => x.includes('beginbfrange'))) {
    for (const [, lo, , list] of s.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
      const codes = [...list!.matchAll(/<([0-9a-f]+)>/gi)].map((x) => x[1]!);
      codes.forEach((hex, i) => {
        const units = hex.match(/.{4}/g)!.map((u) => Number.parseInt(u, 16));
        map.set(Number.parseInt(lo!, 16) + i, String.fromCharCode(...units));
      });
    }
  }
  const text: string[] = [];
  for (const s of streams.filter((x) => /T[Jj]/.test(x) && !x.includes('beginbfrange'))) {
    for (const [, hex] of s.matchAll(/<([0-9a-f]*)>/gi)) {
      const width = map.size ? 4 : 2;
      const glyphs = hex!.match(new RegExp(`.{${width}}`, 'g')) ?? [];
      text.push(
        glyphs
          .map((g) =>
            map.size ? (map.get(Number.parseInt(g, 16)) ?? '') : String.fromCharCode(Number.parseInt(g, 16)),
          )
          .join(''),
      );
    }
    text.push('\n');
  }
  return text.join('');
}
