import { INSTALL_PHOTO, isJpeg, type PhotoRefusal } from '@lodestar/domain';

/**
 * The browser's own look at chosen photos before any is sent (the server checks every rule again): each is
 * refused for the first rule it breaks, or accepted.
 */
export type PhoneRefusal = PhotoRefusal | 'empty';

export async function readHead(file: Blob, bytes = 3): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}

/**
 * `stored` counts the photos already kept: the task's, and its device position's (null when the photos go to
 * no position, which only the task's limit counts). Each accepted file counts against the next.
 */
export function checkPhotos(
  files: readonly { size: number; head: Uint8Array }[],
  stored: { task: number; position: number | null },
  limits: { maxBytes: number; perTask: number; perPosition: number } = INSTALL_PHOTO,
): (PhoneRefusal | null)[] {
  let task = stored.task;
  let position = stored.position;
  return files.map((f) => {
    if (f.size === 0) return 'empty';
    if (!isJpeg(f.head)) return 'notJpeg';
    if (f.size >= limits.maxBytes) return 'tooLarge';
    if (task >= limits.perTask) return 'tooManyForTask';
    if (position !== null && position >= limits.perPosition) return 'tooManyForPosition';
    task++;
    if (position !== null) position++;
    return null;
  });
}
