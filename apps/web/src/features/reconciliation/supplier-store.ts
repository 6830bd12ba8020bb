import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The supplier chosen in the left panel, shared by the panel and the supplier reconciliation pages. */
interface SupplierSelection {
  supplierId: number | undefined;
  setSupplierId: (id: number | undefined) => void;
}

/** Kept for the browser tab (sessionStorage): a reload or a page opened from the menu keeps the choice. */
export const useSupplierStore = create<SupplierSelection>()(
  persist(
    (set) => ({
      supplierId: undefined,
      setSupplierId: (supplierId) => set({ supplierId }),
    }),
    { name: 'lodestar-recon-supplier', storage: createJSONStorage(() => sessionStorage) },
  ),
);

/**
 * The selected supplier, kept in the address too (`?SupplierID=`), so a link or a reload opens the
 * same supplier. The address wins over the store when both are set.
 */
export function useSelectedSupplier() {
  const [params, setParams] = useSearchParams();
  const stored = useSupplierStore((s) => s.supplierId);
  const setStored = useSupplierStore((s) => s.setSupplierId);
  const fromUrl = Number(params.get('SupplierID')) || undefined;

  useEffect(() => {
    if (fromUrl !== undefined && fromUrl !== stored) setStored(fromUrl);
  }, [fromUrl, stored, setStored]);

  const select = useCallback(
    (id: number) => {
      setStored(id);
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('SupplierID', String(id));
          return next;
        },
        { replace: true },
      );
    },
    [setStored, setParams],
  );
  return { supplierId: fromUrl ?? stored, inAddress: fromUrl !== undefined, select };
}
