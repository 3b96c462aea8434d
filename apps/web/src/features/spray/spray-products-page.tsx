/**
 * Management > Spray Products: the organisation's spray products (searched, sorted and paged on the
 * screen, as the farm setup lists), their add / edit dialog with the days per export market, delete
 * on confirm, the CSV export and the one CSV import panel; and the export markets the products'
 * days are kept for. An empty list says what spray products are for and how to add the first.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS, type CsvImportAnswer } from '@orchard/shared/core';
import { SPRAY_IMPORT_COLUMNS, SPRAY_IMPORT_EXAMPLE, SPRAY_IMPORT_MAX_BYTES, type SprayProduct } from '@orchard/shared/spray';
import { CsvImportPanel } from '../../components/csv-import-panel';
import { RowActionButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { namedPaginatorTemplate, scrollableTablePt } from '../../components/table-accessibility';
import { hasAnswered, TableEmpty } from '../../components/table-empty';
import { errorText } from '../../lib/api-error';
import { csvImportTexts, templateCsv } from '../../lib/csv-import';
import { useSession } from '../../lib/session/session-store';
import { toast } from '../../lib/toast';
import { useFormatters } from '../../lib/use-formatters';
import { useExportMarkets } from './api/get-markets';
import { useSprayProducts } from './api/get-products';
import { sprayKeys } from './api/keys';
import { useDeleteProduct } from './api/save-product';
import { importSprayProducts, useExportSprayProducts } from './api/transfer-products';
import { MarketsEditor } from './components/markets-editor';
import { ProductDialog } from './components/product-dialog';
import './spray-products.css';

const CONFIRM_GROUP = 'spray-products';

/** The cells of a product as the table shows, searches and sorts them. */
const cells = (p: SprayProduct) => ({
  name: p.name,
  registrationNumber: p.registrationNumber,
  formulation: p.formulation,
  ingredientsText: p.activeIngredients.map((a) => (a.concentration ? `${a.name} ${a.concentration}` : a.name)).join(', '),
  pestsText: p.targetPests.join(', '),
  localDays: String(p.localWithholdingDays),
  marketDaysText: p.marketWithholding.map((m) => `${m.market} ${m.days}`).join(', '),
});
type Row = ReturnType<typeof cells> & { id: number; localWithholdingDays: number; product: SprayProduct };

function ProductImport() {
  const { t } = useTranslation();
  const f = useFormatters();
  const organizationId = useSession((s) => s.organizationId);
  const queryClient = useQueryClient();
  const texts = csvImportTexts(t, 'spray.import', { hint: t('spray.import.columns', { columns: SPRAY_IMPORT_COLUMNS.join(', ') }) });
  const counts = (a: CsvImportAnswer) => ({ created: f.number(a.created), changed: f.number(a.changed), unchanged: f.number(a.unchanged), refused: f.number(a.refused) });
  return (
    <CsvImportPanel
      id="spray-import"
      className="spray-import"
      texts={texts}
      templateCsv={templateCsv(SPRAY_IMPORT_COLUMNS, [SPRAY_IMPORT_EXAMPLE])}
      maxBytes={SPRAY_IMPORT_MAX_BYTES}
      upload={(input) => importSprayProducts(organizationId as number, input)}
      columns={[{ header: t('spray.columns.name'), body: (l) => l.cells.name }]}
      summary={(a) => t('spray.import.summary', counts(a))}
      imported={(a) => ({ summary: t('spray.import.imported'), detail: t('spray.import.importedDetail', counts(a)) })}
      onWritten={() => void queryClient.invalidateQueries({ queryKey: sprayKeys.all(organizationId) })}
      tableMinWidth="30rem"
    />
  );
}

export function SprayProductsPage() {
  const { t } = useTranslation();
  const searchId = useId();
  const products = useSprayProducts();
  const markets = useExportMarkets();
  const remove = useDeleteProduct();
  const exporter = useExportSprayProducts();
  const [search, setSearch] = useState('');
  const [first, setFirst] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(TABLE_PAGE_SIZE);
  const [editing, setEditing] = useState<{ product: SprayProduct | null } | null>(null);

  const needle = search.trim().toLocaleLowerCase('en');
  const rows: Row[] = (products.data ?? [])
    .map((p): Row => ({ ...cells(p), id: p.id, localWithholdingDays: p.localWithholdingDays, product: p }))
    .filter((r) => needle === '' || Object.values(cells(r.product)).some((c) => c.toLocaleLowerCase('en').includes(needle)));
  const none = products.data !== undefined && products.data.length === 0;

  const onSearch = (text: string) => {
    setSearch(text);
    setFirst(0);
  };

  const confirmDelete = (p: SprayProduct) =>
    confirmDialog({
      group: CONFIRM_GROUP,
      header: t('spray.confirmHeader'),
      message: t('spray.deleteConfirm', { name: p.name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('spray.yes'),
      rejectLabel: t('spray.no'),
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(p.id, {
          onSuccess: () => toast.success(t('spray.success'), t('spray.deleted', { name: p.name })),
          onError: (e) => toast.error(t('spray.notDeleted'), errorText(e)),
        }),
    });

  const emptyMessage =
    needle !== '' && !none ? (
      <span className="spray-no-match">
        {t('spray.noMatch', { search: search.trim() })} <Button type="button" link label={t('spray.clearSearch')} onClick={() => onSearch('')} />
      </span>
    ) : (
      <TableEmpty answered={hasAnswered(products)} text={t('spray.empty.heading')} />
    );

  return (
    <div className="spray-page">
      <h1>{t('spray.title')}</h1>
      <p className="spray-intro">{t('spray.intro')}</p>
      {none && (
        <div className="spray-empty" role="status">
          <h2>{t('spray.empty.heading')}</h2>
          <p>{t('spray.empty.text')}</p>
        </div>
      )}
      <div className="spray-toolbar">
        <SearchBox id={searchId} value={search} onChange={onSearch} placeholder={t('spray.searchPlaceholder')} label={t('spray.searchLabel')} className="spray-search" />
        <div className="spray-buttons">
          <Button
            type="button"
            icon="pi pi-download"
            label={exporter.isPending ? t('spray.exporting') : t('spray.exportCsv')}
            loading={exporter.isPending}
            disabled={exporter.isPending || !products.data || products.data.length === 0}
            onClick={() => exporter.mutate(undefined, { onError: (e) => toast.error(t('spray.exportFailed'), errorText(e)) })}
            outlined
          />
          <Button type="button" icon="pi pi-plus" label={t('spray.add')} onClick={() => setEditing({ product: null })} />
        </div>
      </div>
      {products.error != null && <Message severity="error" text={`${t('spray.loadFailed')} ${errorText(products.error)}`} />}
      <DataTable
        value={rows}
        dataKey="id"
        loading={products.isFetching || remove.isPending}
        emptyMessage={emptyMessage}
        paginator
        first={first}
        rows={rowsPerPage}
        onPage={(e) => {
          setFirst(e.first);
          setRowsPerPage(e.rows);
        }}
        rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
        paginatorTemplate={namedPaginatorTemplate(t('spray.rowsPerPage'))}
        currentPageReportTemplate={t('spray.pageReport')}
        sortMode="single"
        removableSort
        scrollable
        size="small"
        tableStyle={{ minWidth: '56rem' }}
        pt={scrollableTablePt(t('spray.caption'))}
        className="spray-table"
      >
        <Column field="name" header={t('spray.columns.name')} sortable />
        <Column field="registrationNumber" header={t('spray.columns.registrationNumber')} sortable />
        <Column field="formulation" header={t('spray.columns.formulation')} sortable />
        <Column field="ingredientsText" header={t('spray.columns.activeIngredients')} sortable />
        <Column field="pestsText" header={t('spray.columns.targetPests')} sortable />
        <Column field="localWithholdingDays" header={t('spray.columns.localDays')} sortable className="spray-number" headerClassName="spray-number" />
        <Column field="marketDaysText" header={t('spray.columns.marketDays')} sortable />
        <Column
          header={t('spray.columns.actions')}
          className="spray-actions"
          body={(p: Row) => (
            <>
              <RowActionButton action="edit" label={t('spray.edit', { name: p.name })} onClick={() => setEditing({ product: p.product })} />
              <RowActionButton action="delete" label={t('spray.delete', { name: p.name })} disabled={remove.isPending} onClick={() => confirmDelete(p.product)} />
            </>
          )}
        />
      </DataTable>
      <ConfirmDialog group={CONFIRM_GROUP} />
      <MarketsEditor markets={markets.data ?? []} />
      <ProductImport />
      {editing && <ProductDialog product={editing.product} markets={markets.data ?? []} onHide={() => setEditing(null)} />}
    </div>
  );
}

export default SprayProductsPage;
