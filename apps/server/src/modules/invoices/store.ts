import { existsSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';

/** A PDF starts with these bytes (ISO 32000-1, 7.5.2: the header line `%PDF-1.n`). */
const PDF_MAGIC = Buffer.from('%PDF-');
export const isPdf = (bytes: Buffer) => bytes.length > PDF_MAGIC.length && bytes.subarray(0, 5).equals(PDF_MAGIC);

/**
 * Issued invoices' PDFs under `<dataDir>/invoices/<hold>/<invoice id>.pdf`; the stored path is relative to dataDir
 * (as the download centre's and photos'), so the folder can move. Who may read one is the service's check.
 */
export class InvoiceStore {
  constructor(private readonly dataDir: string) {}

  /** Writes the file whole and fsynced, then renames it into place (never half a PDF); answers its path. */
  async save(holdId: number, invoiceId: number, bytes: Buffer): Promise<string> {
    const relative = path.join('invoices', String(holdId), `${invoiceId}.pdf`);
    const target = path.resolve(this.dataDir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    const part = `${target}.part`;
    const fh = await open(part, 'w');
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(part, target);
    return relative;
  }

  resolve(relative: string): string | undefined {
    const full = path.resolve(this.dataDir, relative);
    return existsSync(full) ? full : undefined;
  }
}
