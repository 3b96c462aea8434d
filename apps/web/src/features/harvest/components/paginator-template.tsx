/**
 * Paginator of the harvest tables: the page-size dropdown gets an accessible name (PrimeReact's
 * own leaves its hidden native select unnamed, an axe-core critical).
 */
import { Dropdown, type DropdownChangeEvent } from 'primereact/dropdown';
import type { PaginatorRowsPerPageDropdownOptions, PaginatorTemplateOptions } from 'primereact/paginator';

export function paginatorTemplate(rowsPerPageLabel: string): PaginatorTemplateOptions {
  return {
    layout: 'FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink RowsPerPageDropdown',
    RowsPerPageDropdown: (options: PaginatorRowsPerPageDropdownOptions) => (
      <Dropdown
        value={options.value}
        options={options.options}
        onChange={options.onChange as unknown as (e: DropdownChangeEvent) => void}
        aria-label={rowsPerPageLabel}
        pt={{
          select: { 'aria-label': rowsPerPageLabel } as Record<string, string>,
          trigger: { 'aria-label': rowsPerPageLabel } as Record<string, string>,
        }}
      />
    ),
  };
}
