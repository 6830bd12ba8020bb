import { create } from 'zustand';

/** Not persisted: bumping `refreshSeq` remounts the current page (tag bar "refresh"). */
export const useViewStore = create<{ refreshSeq: number; refresh(): void }>()((set) => ({
  refreshSeq: 0,
  refresh: () => set((s) => ({ refreshSeq: s.refreshSeq + 1 })),
}));
