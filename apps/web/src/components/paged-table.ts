/**
 * The paging every report and list table shares: PrimeReact DataTable props for a paginator with a
 * named page-size dropdown, the page report, and a keyboard-reachable scroll area with a caption,
 * plus resetPage() for when the filters change.
 */
import type { DataTablePageEvent } from 'primereact/datatable';
import { useCallback, useState } from 'react';
import { namedPaginatorTemplate, scrollableTablePt } from './table-accessibility';

export interface PagedTableTexts {
  rowsPerPage: string;
  pageReport: string;
  caption: string;
}

export function usePagedTable(pageSizes: readonly number[], defaultRows: number, scrollHeight: string, texts: PagedTableTexts) {
  const [paging, setPaging] = useState({ first: 0, rows: defaultRows });
  const resetPage = useCallback(() => setPaging((p) => ({ ...p, first: 0 })), []);
  const tableProps = {
    paginator: true,
    first: paging.first,
    rows: paging.rows,
    onPage: (e: DataTablePageEvent) => setPaging({ first: e.first, rows: e.rows }),
    rowsPerPageOptions: [...pageSizes],
    paginatorTemplate: namedPaginatorTemplate(texts.rowsPerPage),
    currentPageReportTemplate: texts.pageReport,
    scrollable: true,
    scrollHeight,
    pt: scrollableTablePt(texts.caption),
  };
  return { tableProps, resetPage };
}
