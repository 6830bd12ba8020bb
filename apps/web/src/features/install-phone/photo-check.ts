/** The browser's own look at a chosen photo before it is sent; the server checks every rule again. */
export interface PhotoLimits {
  maxBytes: number;
  perTask: number;
  perPosition: number;
}

export type PhotoRefusal = 'notJpeg' | 'tooBig' | 'empty' | 'taskFull' | 'positionFull';

/** A JPEG starts with SOI (FF D8) and a marker (FF): the name and the type the browser guesses prove nothing. */
export const isJpegStart = (head: Uint8Array): boolean => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;

export async function readHead(file: Blob, bytes = 3): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}

/**
 * Which of the chosen files may go, in order: each is refused for its first broken rule; the counts include the
 * photos already stored and the ones accepted before it in this choice.
 */
export function checkPhotos(
  files: readonly { size: number; head: Uint8Array }[],
  limits: PhotoLimits,
  stored: { task: number; position: number },
): (PhotoRefusal | null)[] {
  let task = stored.task;
  let position = stored.position;
  return files.map((f) => {
    if (f.size === 0) return 'empty';
    if (!isJpegStart(f.head)) return 'notJpeg';
    if (f.size >= limits.maxBytes) return 'tooBig';
    if (task >= limits.perTask) return 'taskFull';
    if (position >= limits.perPosition) return 'positionFull';
    task++;
    position++;
    return null;
  });
}
