export { DataGrid, toFilterBy, type DataGridProps, type GridColumn, type GridQuery } from './DataGrid';
export { parseTableHead, useColumnPreference } from './use-column-preference';
