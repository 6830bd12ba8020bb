import { formatFen } from '@lodestar/domain';

/** Fen as yuan; '—' when there is no amount (a card missing on one side). */
export const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? '—' : formatFen(fen));

/** A difference in yuan, red when it is not zero. */
export function Difference({ fen }: { fen: number | null | undefined }) {
  if (fen === null || fen === undefined) return <span>—</span>;
  return <span className={fen !== 0 ? 'recon-diff-bad' : 'recon-diff-ok'}>{formatFen(fen)}</span>;
}
