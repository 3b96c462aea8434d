/**
 * Accessibility helpers for PrimeReact DataTables: a paginator whose page-size dropdown is named
 * (PrimeReact leaves its hidden native select unnamed, an axe-core critical), and the pass-through
 * that names the table and makes its scroll container reachable by keyboard.
 */
import { Dropdown, type DropdownChangeEvent } from 'primereact/dropdown';
import type { PaginatorRowsPerPageDropdownOptions, PaginatorTemplateOptions } from 'primereact/paginator';

const FULL_LAYOUT = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport';

/** `layout`: PrimeReact's paginator layout; by default page links, page size, then the page report. */
export function namedPaginatorTemplate(rowsPerPageLabel: string, layout: string = FULL_LAYOUT): PaginatorTemplateOptions {
  return {
    layout,
    RowsPerPageDropdown: (options: PaginatorRowsPerPageDropdownOptions) => (
      <Dropdown
        value={options.value}
        options={options.options}
        onChange={options.onChange as unknown as (e: DropdownChangeEvent) => void}
        aria-label={rowsPerPageLabel}
        pt={{
          root: { 'aria-activedescendant': undefined } as never,
          select: { 'aria-label': rowsPerPageLabel, 'aria-hidden': true } as never,
          input: { 'aria-label': rowsPerPageLabel } as never,
          trigger: { 'aria-hidden': true, role: undefined } as never,
        }}
        className="rows-per-page"
      />
    ),
  };
}

/** DataTable pt: the table's accessible name and a focusable scroll wrapper. */
export function scrollableTablePt(label: string) {
  return { table: { 'aria-label': label } as never, wrapper: { tabIndex: 0 } as never };
}
