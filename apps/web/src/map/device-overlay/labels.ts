/** Where labels may go: a label that would overlap one already placed is left out, as MapLibre's optional text is. */
export class LabelSpace {
  private readonly cells = new Map<number, Box[]>();

  constructor(private readonly cell = 64) {}

  /** Places the box if it overlaps nothing placed so far; says whether it did. */
  place(box: Box): boolean {
    const keys = this.keys(box);
    for (const k of keys) for (const other of this.cells.get(k) ?? []) if (overlaps(box, other)) return false;
    for (const k of keys) {
      const list = this.cells.get(k);
      if (list) list.push(box);
      else this.cells.set(k, [box]);
    }
    return true;
  }

  private keys(b: Box): number[] {
    const out: number[] = [];
    // Screen cells: a few thousand pixels at most each way, shifted to keep keys positive.
    for (let cx = Math.floor(b.x0 / this.cell); cx <= Math.floor(b.x1 / this.cell); cx++)
      for (let cy = Math.floor(b.y0 / this.cell); cy <= Math.floor(b.y1 / this.cell); cy++)
        out.push((cx + 1024) * 4096 + cy + 1024);
    return out;
  }
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
