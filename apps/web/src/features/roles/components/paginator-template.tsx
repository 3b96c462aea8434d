/**
 * The roles table's paginator: the page-size dropdown gets an accessible name (PrimeReact's own
 * leaves its hidden native select unnamed, an axe-core critical).
 */
import { Dropdown, type DropdownChangeEvent } from 'primereact/dropdown';
import type { PaginatorRowsPerPageDropdownOptions, PaginatorTemplateOptions } from 'primereact/paginator';

export function paginatorTemplate(rowsPerPageLabel: string): PaginatorTemplateOptions {
  return {
    layout: 'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport',
    RowsPerPageDropdown: (options: PaginatorRowsPerPageDropdownOptions) => (
      <Dropdown
        value={options.value}
        options={options.options}
        onChange={options.onChange as unknown as (e: DropdownChangeEvent) => void}
        aria-label={rowsPerPageLabel}
        pt={{
          root: { 'aria-activedescendant': undefined } as never,
          select: { 'aria-hidden': true } as never,
          trigger: { 'aria-hidden': true, role: undefined } as never,
        }}
        className="rows-per-page"
      />
    ),
  };
}
