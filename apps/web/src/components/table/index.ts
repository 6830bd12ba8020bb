/**
 * Building blocks for the console's server-paged admin lists.
 *
 *   const [filters, setFilters] = useState({ OperatorName: '' });
 *   const list = useServerList(['catalogue', 'operators'], getOperatorList, filters);
 *   <PagedTable
 *     id="catalogue.operators"            // localStorage key for dragged column widths
 *     list={list}
 *     rowKey="OperatorID"
 *     columns={[{ key: 'OperatorName', dataIndex: 'OperatorName', title: t('name'), sortable: true }]}
 *     toolbar={<FilterForm initialValues={filters} onSearch={setFilters}>…Form.Items…</FilterForm>}
 *     extra={<><ExportButton exportFile={() => exportX(filters)} /><Button onClick={modal.openAdd}>…</Button></>}
 *   />
 *
 * - useServerList(queryKey, fetcher, filters): fetcher gets filters + PageIndex/PageSize/SortColumn/
 *   SortType (asc|desc, omitted when unsorted) and answers `{ rows, total }`; previous page stays
 *   shown while the next loads; changing filters goes back to page 1. Invalidate with the same
 *   queryKey prefix after a write.
 * - The sortable columns are the list's contract's (`SortColumn` of the fetcher's input, e.g.
 *   `OperatorSortColumn`): useServerList takes them from the fetcher, and a `sortable` column's key
 *   must be one of them (`PagedColumn<Row, Totals, C>`); a list whose contract takes no order has none.
 * - PagedTable: a column's `key` is the SortColumn sent when `sortable`; `resizable: false` for
 *   action columns; `rowSelection` passes through to antd. Empty/loading texts come from i18n.
 * - FilterForm: inline form, Enter submits, Reset restores initialValues and searches.
 * - ExportButton: calls exportFile (→ FileID) and points the person to the download centre.
 * - DeleteButton (Popconfirm in a row) and useConfirmDelete() (Modal.confirm) ask before deleting.
 * - FormModal + useFormModal: add/edit dialog; field rules show under fields, a refused save keeps
 *   the typed values and shows the server's msg (also under the field it names).
 *
 * Texts live in the `table` i18n namespace.
 */
export { DeleteButton, useConfirmDelete } from './confirm.tsx';
export { ExportButton } from './ExportButton.tsx';
export { FilterForm } from './FilterForm.tsx';
export { FormModal, fieldsNamedIn, useFormModal } from './FormModal.tsx';
export { PAGE_SIZE_OPTIONS, type PagedColumn, PagedTable } from './PagedTable.tsx';
export { useColumnWidths } from './use-column-widths.ts';
export { DEFAULT_PAGE_SIZE, type PageQuery, type ServerList, type SortType, useServerList } from './use-server-list.ts';
