import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What the bytes are, whatever the file's name says: a PDF starts `%PDF-`, a JPEG FF D8 FF. */
export function attachmentType(bytes: Buffer): 'pdf' | 'jpg' | undefined {
  if (bytes.length > 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return undefined;
}

export const CONTENT_TYPES = { pdf: 'application/pdf', jpg: 'image/jpeg' } as const;

/** Policy attachments under DATA_DIR/insurance/<policy id>.<pdf|jpg>, written whole then renamed into place. */
export class AttachmentStore {
  constructor(private readonly dataDir: string) {}

  async save(policyId: number, type: 'pdf' | 'jpg', bytes: Buffer): Promise<string> {
    const relative = path.join('insurance', `${policyId}.${type}`);
    const target = path.resolve(this.dataDir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(`${target}.part`, bytes);
    await rename(`${target}.part`, target);
    await rm(path.resolve(this.dataDir, 'insurance', `${policyId}.${type === 'pdf' ? 'jpg' : 'pdf'}`), { force: true });
    return relative;
  }

  async remove(relative: string): Promise<void> {
    await rm(path.resolve(this.dataDir, relative), { force: true });
  }

  resolve(relative: string): string | undefined {
    const full = path.resolve(this.dataDir, relative);
    return existsSync(full) ? full : undefined;
  }
}
