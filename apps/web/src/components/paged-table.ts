/**
 * The paging every report and list table shares: PrimeReact DataTable props for a paginator with a
 * named page-size dropdown, the page report, and a keyboard-reachable scroll area with a caption
 * (of `scrollHeight`, when given), plus resetPage() for when the filters change and the page to ask
 * of a server that pages.
 */
import type { DataTablePageEvent } from 'primereact/datatable';
import { useCallback, useState } from 'react';
import { namedPaginatorTemplate, scrollableTablePt } from './table-accessibility';

export interface PagedTableTexts {
  rowsPerPage: string;
  pageReport: string;
  caption: string;
}

export function usePagedTable(pageSizes: readonly number[], defaultRows: number, scrollHeight: string | undefined, texts: PagedTableTexts) {
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
    ...(scrollHeight === undefined ? {} : { scrollable: true, scrollHeight }),
    pt: scrollableTablePt(texts.caption),
  };
  /** the page shown, as a server that pages is asked for it (the first is 1) */
  const page = { page: paging.first / paging.rows + 1, pageSize: paging.rows };
  return { tableProps, resetPage, page };
}
