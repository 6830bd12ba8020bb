import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** JPG or PNG by the file's first bytes, whatever its name says; undefined for anything else. */
export function photoType(bytes: Buffer): 'jpg' | 'png' | undefined {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  return undefined;
}

const TYPES = { jpg: 'image/jpeg', png: 'image/png' } as const;

/**
 * Person devices' photos under `<dataDir>/photos/devices/<device pk>.<jpg|png>`; the stored path is relative to
 * dataDir (as the download centre's), so the folder can move. Who may read one is the service's check.
 */
export class PhotoStore {
  constructor(private readonly dataDir: string) {}

  private file(devicePk: number, type: 'jpg' | 'png') {
    return path.join('photos', 'devices', `${devicePk}.${type}`);
  }

  /** Writes the photo (whole, then renamed into place) and removes one of the other type; answers its path. */
  async save(devicePk: number, bytes: Buffer): Promise<string> {
    const type = photoType(bytes);
    if (!type) throw new Error('not a JPG or PNG');
    const relative = this.file(devicePk, type);
    const target = path.resolve(this.dataDir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(`${target}.part`, bytes);
    await rename(`${target}.part`, target);
    await rm(path.resolve(this.dataDir, this.file(devicePk, type === 'jpg' ? 'png' : 'jpg')), { force: true });
    return relative;
  }

  async remove(devicePk: number): Promise<void> {
    for (const type of ['jpg', 'png'] as const)
      await rm(path.resolve(this.dataDir, this.file(devicePk, type)), { force: true });
  }

  resolve(relative: string): { path: string; type: string } | undefined {
    const full = path.resolve(this.dataDir, relative);
    const type = relative.endsWith('.png') ? TYPES.png : TYPES.jpg;
    return existsSync(full) ? { path: full, type } : undefined;
  }
}
