import { Box, Button, Group, LoadingOverlay, Menu, Pagination, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { EXPORT_HINT_MS, PAGE_SIZE_DEFAULT } from '@gatehouse/contract';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ColumnDef, type SortingState, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumnPreference } from './use-column-preference';

export interface GridColumn<T> {
  id: string;
  /** Already translated header (also the column switcher's label). */
  header: string;
  /** Rendered in the header cell instead of `header` (e.g. a select-all checkbox). */
  headerCell?: ReactNode;
  cell?: (row: T) => ReactNode;
  /** Server sort field; omit to make the column unsortable. */
  sortField?: string;
  /** Hidden until the user shows it. */
  defaultHidden?: boolean;
  /** Always shown (no switch). */
  fixed?: boolean;
  width?: number | string;
}

export interface GridQuery {
  page: number;
  limit: number;
  sortField?: string;
  orderBy?: 'asc' | 'desc';
  /** JSON object of filters (with `search`), as the list calls take it. */
  filterBy?: string;
}

export interface DataGridProps<T> {
  /** The page's path: the preference key (rule 128). */
  pageUrl: string;
  /** The feature's query key prefix; the grid appends the list query. */
  queryKey: readonly unknown[];
  fetchPage: (q: GridQuery, signal: AbortSignal) => Promise<{ data: T[]; count: number }>;
  columns: GridColumn<T>[];
  filters?: Record<string, unknown>;
  searchable?: boolean;
  toolbar?: ReactNode;
  rowId: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  /** Called with the rows of the page shown (e.g. to select them all). */
  onRowsChange?: (rows: T[]) => void;
  /** The row's accessible name when rows open something (`onRowClick`), for keyboard and screen reader users. */
  rowLabel?: (row: T) => string;
  /** Shows an Export button; receives the list query as shown (filters, search, order) to export every row. */
  onExport?: (q: GridQuery) => Promise<void>;
  pageSizes?: number[];
}

export const toFilterBy = (filters: Record<string, unknown> | undefined, search: string): string | undefined => {
  const f: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filters ?? {})) if (v !== undefined && v !== null && v !== '') f[k] = v;
  if (search.trim()) f.search = search.trim();
  return Object.keys(f).length ? JSON.stringify(f) : undefined;
};

/**
 * THE list grid (architecture section 7): server-side paging (default 10 a page, rule 123), sorting, search and
 * filters, a column switcher saved through /api/adminPreference, loading and empty states; logical CSS
 * properties keep it right-to-left safe.
 */
export function DataGrid<T>({ pageUrl, queryKey, fetchPage, columns, filters, searchable = true, toolbar, rowId, onRowClick, onRowsChange, rowLabel, onExport, pageSizes = [10, 25, 50, 100] }: DataGridProps<T>) {
  const { t } = useTranslation('grid');
  // The page belongs to the filters it was chosen under: other filters start again at page 1.
  const [paging, setPaging] = useState<{ page: number; filterBy: string | undefined }>({ page: 1, filterBy: undefined });
  const [exporting, setExporting] = useState(false);
  const [limit, setLimit] = useState(PAGE_SIZE_DEFAULT);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const ids = useMemo(() => columns.map((c) => c.id), [columns]);
  const defaults = useMemo(() => columns.filter((c) => !c.defaultHidden).map((c) => c.id), [columns]);
  const pref = useColumnPreference(pageUrl, ids, defaults);

  const sortCol = columns.find((c) => c.id === sorting[0]?.id);
  const filterBy = toFilterBy(filters, debounced);
  const page = paging.filterBy === filterBy ? paging.page : 1;
  const setPage = (n: number) => setPaging({ page: n, filterBy });
  const q: GridQuery = {
    page,
    limit,
    sortField: sortCol?.sortField,
    orderBy: sortCol?.sortField ? (sorting[0].desc ? 'desc' : 'asc') : undefined,
    filterBy,
  };
  const list = useQuery({ queryKey: [...queryKey, q], queryFn: ({ signal }) => fetchPage(q, signal), placeholderData: keepPreviousData });
  const count = list.data?.count ?? 0;
  const rows = list.data?.data;
  useEffect(() => {
    if (rows) onRowsChange?.(rows);
  }, [rows, onRowsChange]);

  const defs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: () => c.headerCell ?? c.header,
        accessorFn: (row) => (row as Record<string, unknown>)[c.id],
        enableSorting: !!c.sortField,
        cell: (ctx) => (c.cell ? c.cell(ctx.row.original) : String((ctx.row.original as Record<string, unknown>)[c.id] ?? '')),
        size: typeof c.width === 'number' ? c.width : undefined,
      })),
    [columns],
  );
  const visibility = Object.fromEntries(columns.map((c) => [c.id, !!c.fixed || pref.visible.includes(c.id)]));
  const table = useReactTable({
    data: list.data?.data ?? [],
    columns: defs,
    getRowId: (r) => String(rowId(r)),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: count,
    state: { sorting, columnVisibility: visibility },
    onSortingChange: (u) => {
      setSorting(u);
      setPage(1);
    },
  });

  const toggleColumn = (id: string) => {
    const next = pref.visible.includes(id) ? pref.visible.filter((x) => x !== id) : ids.filter((x) => x === id || pref.visible.includes(x));
    if (next.length) pref.save(next);
  };
  const pages = Math.max(1, Math.ceil(count / limit));
  const colSpan = table.getVisibleLeafColumns().length || 1;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          {searchable ? (
            <TextInput
              placeholder={t('search')}
              aria-label={t('search')}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={260}
            />
          ) : null}
          {toolbar}
        </Group>
        <Group gap="xs">
          {onExport ? (
            <Button
              variant="default"
              size="sm"
              loading={exporting}
              disabled={count === 0}
              onClick={() => {
                setExporting(true);
                notifications.show({ message: t('export_hint'), autoClose: EXPORT_HINT_MS });
                void onExport({ ...q, page: 1 }).finally(() => setExporting(false));
              }}
            >
              {t('export')}
            </Button>
          ) : null}
          <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" size="sm" loading={pref.saving}>
                {t('columns')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {columns
                .filter((c) => !c.fixed)
                .map((c) => (
                  <Menu.Item
                    key={c.id}
                    aria-pressed={pref.visible.includes(c.id)}
                    onClick={() => toggleColumn(c.id)}
                    leftSection={
                      <Text component="span" aria-hidden w={16} ta="center" fw={700} c="blue">
                        {pref.visible.includes(c.id) ? '✓' : ''}
                      </Text>
                    }
                  >
                    {c.header}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <Box pos="relative" style={{ overflowX: 'auto' }}>
        <LoadingOverlay visible={list.isFetching} overlayProps={{ blur: 1 }} />
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={list.isFetching}>
          <Table.Thead>
            {table.getHeaderGroups().map((hg) => (
              <Table.Tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  return (
                    <Table.Th key={h.id} style={{ textAlign: 'start', width: h.column.columnDef.size }} aria-sort={sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined}>
                      {h.column.getCanSort() ? (
                        <UnstyledButton onClick={h.column.getToggleSortingHandler()} fw={600}>
                          {flexRender(h.column.columnDef.header, h.getContext())} {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </UnstyledButton>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr
                key={row.id}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                onKeyDown={
                  onRowClick
                    ? (e) => {
                        if (e.key === 'Enter' || e.key === ' ') {
                          e.preventDefault();
                          onRowClick(row.original);
                        }
                      }
                    : undefined
                }
                tabIndex={onRowClick ? 0 : undefined}
                aria-label={onRowClick && rowLabel ? rowLabel(row.original) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id} style={{ textAlign: 'start' }}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {!list.isLoading && count === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={colSpan}>
                  <Text ta="center" c="dimmed" py="lg">
                    {list.isError ? t('failed') : t('empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Box>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('total', { count })}
        </Text>
        <Group gap="xs">
          <Select
            aria-label={t('page_size')}
            data={pageSizes.map(String)}
            value={String(limit)}
            onChange={(v) => {
              setLimit(Number(v ?? PAGE_SIZE_DEFAULT));
              setPage(1);
            }}
            w={90}
            allowDeselect={false}
          />
          <Pagination total={pages} value={page} onChange={setPage} size="sm" getControlProps={(c) => ({ 'aria-label': t(`pager.${c}`) })} />
        </Group>
      </Group>
    </Stack>
  );
}
