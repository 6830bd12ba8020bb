/** The pages on which the supplier list replaces the unit tree (spec section 2). */
export const SUPPLIER_PANEL_PATHS = ['/reconciliation', '/reconciliation/supplier'];

/** The supplier list panel. Placeholder until issue #6's reconciliation lands. */
export function SupplierPanel() {
  return null;
}
