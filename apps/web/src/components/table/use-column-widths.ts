import { useCallback, useState } from 'react';

const storageKey = (tableId: string) => `lodestar.table.${tableId}.widths`;

function read(tableId: string): Record<string, number> {
  try {
    const raw = localStorage.getItem(storageKey(tableId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0),
    );
  } catch {
    // A private window or a hand-edited value: fall back to the columns' own widths.
    return {};
  }
}

/** Column widths the person dragged, kept in localStorage per table id (spec section 9). */
export function useColumnWidths(tableId: string) {
  const [widths, setWidths] = useState<Record<string, number>>(() => read(tableId));

  const resize = useCallback((key: string, width: number) => setWidths((w) => ({ ...w, [key]: width })), []);

  const persist = useCallback(
    (key: string, width: number | undefined) =>
      setWidths((w) => {
        const next = { ...w };
        if (width === undefined) delete next[key];
        else next[key] = width;
        try {
          localStorage.setItem(storageKey(tableId), JSON.stringify(next));
        } catch {
          // Storage full or blocked: the width still applies for this visit.
        }
        return next;
      }),
    [tableId],
  );

  return { widths, resize, persist };
}
