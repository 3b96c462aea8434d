/**
 * Harvest PUC report (docs/domain.md, Harvest): packhouse and variety dropdowns (first option All, filterable), the
 * Show/Hide Filter toggle, one row per PUC and a Total row; a PUC opens its Fruitbins Block Report.
 * Figures and cell text come from the shared harvest functions; nothing is computed here.
 * Export CSV downloads the server's file of the chosen packhouse and variety (harvest.reports, the caller's farms).
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { DataTable } from 'primereact/datatable';
import { Row } from 'primereact/row';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pucReportCells, type PucReportPage as PucReportData } from '@orchard/shared/harvest';
import { FilterToggle } from '../../components/filter-fields';
import { paths } from '../../config/paths';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useFormatters } from '../../lib/use-formatters';
import { useExportPucReport } from './api/export-puc-report';
import { useHarvestPackhouses } from './api/get-packhouses';
import { useHarvestPucs } from './api/get-pucs';
import { usePucReport } from './api/get-puc-report';
import { useHarvestVarieties } from './api/get-varieties';
import { LabelledDropdown, type DropdownOption } from './components/labelled-dropdown';
import { ALL_FILTER, ALL_VALUE, choosePackhouse, chooseVariety, fromOption, toOption } from './puc-report-filter';
import './harvest.css';

type PucRow = PucReportData['rows'][number] & { opensBlockReport: boolean };

export function PucReportPage() {
  const { t } = useTranslation();
  const { culture } = useFormatters();
  const filterId = useId();
  const [filter, setFilter] = useState(ALL_FILTER);
  const [showFilter, setShowFilter] = useState(true);
  const packhouses = useHarvestPackhouses();
  const varieties = useHarvestVarieties(filter.packhouse);
  const report = usePucReport(filter.packhouse, filter.variety);
  // a row opens its PUC's block report when the block report offers that PUC (the organisation's
  // own PUCs on the user's farms; another organisation's PUC delivered to its packhouse does not)
  const blockReportPucs = useHarvestPucs(null);
  const openable = useMemo(() => new Set((blockReportPucs.data ?? []).map((p) => p.id)), [blockReportPucs.data]);
  const exporter = useExportPucReport();
  // the report's own filter: the file holds the rows the table shows
  const onExport = () =>
    exporter.mutate(filter, { onError: (e) => toast.error(t('harvest.downloadingError'), errorText(e) || t('harvest.exportFailed')) });

  const all: DropdownOption = { label: t('harvest.all'), value: ALL_VALUE };
  const packhouseOptions = [all, ...(packhouses.data ?? []).map((p) => ({ label: p.name, value: p.id }))];
  const varietyOptions = [all, ...(varieties.data ?? []).map((v) => ({ label: v.variety_Name, value: v.id }))];

  // whether a row opens its block report is part of the row: PrimeReact's table re-renders a cell
  // when its row changes, not when a body template reads other state (the PUC list may arrive last)
  const rows = useMemo(() => (report.data?.rows ?? []).map((r) => ({ ...r, opensBlockReport: openable.has(r.pucId) })), [report.data, openable]);
  const cells = useMemo(() => new Map(rows.map((r) => [r.puc, pucReportCells(r, culture)])), [rows, culture]);
  const totals = report.data ? pucReportCells(report.data.totals, culture) : null;
  const cell = (field: keyof ReturnType<typeof pucReportCells>) => (row: PucRow) => cells.get(row.puc)?.[field] ?? '';
  const pucBody = (row: PucRow) =>
    row.opensBlockReport ? (
      <Link to={`${paths.harvestBlockReport}?puc=${row.pucId}`} aria-label={t('harvest.openBlockReport', { puc: row.puc })}>
        {row.puc}
      </Link>
    ) : (
      row.puc
    );

  const numberColumn = { className: 'harvest-number', headerClassName: 'harvest-number', footerClassName: 'harvest-number' };
  const footer = (
    <ColumnGroup>
      <Row className="harvest-total-row">
        <Column footer={t('harvest.total')} />
        <Column footer={totals?.untippedTonnes ?? ''} {...numberColumn} />
        <Column footer={totals?.tippedTonnes ?? ''} {...numberColumn} />
        <Column footer={totals?.combinedTonnes ?? ''} {...numberColumn} />
        <Column footer={totals?.remainingTonnes ?? ''} {...numberColumn} />
        <Column footer={totals?.blocksEstimated ?? ''} {...numberColumn} />
      </Row>
    </ColumnGroup>
  );

  return (
    <div className="harvest-page">
      <div className="harvest-heading">
        <h1>{t('harvest.titles.pucReport')}</h1>
        <div className="harvest-buttons">
          <Button
            type="button"
            icon="pi pi-download"
            label={exporter.isPending ? t('harvest.exporting') : t('harvest.exportCsv')}
            loading={exporter.isPending}
            disabled={exporter.isPending || !report.data || rows.length === 0}
            onClick={onExport}
          />
          <FilterToggle shown={showFilter} onToggle={() => setShowFilter((s) => !s)} controls={filterId} appearance="text" />
        </div>
      </div>
      <div id={filterId} className="harvest-filters" hidden={!showFilter}>
        <LabelledDropdown
          label={t('harvest.packhouse')}
          value={toOption(filter.packhouse)}
          options={packhouseOptions}
          loading={packhouses.isLoading}
          onChange={(value) => setFilter((f) => choosePackhouse(f, fromOption(value)))}
        />
        <LabelledDropdown
          label={t('harvest.variety')}
          value={toOption(filter.variety)}
          options={varietyOptions}
          loading={varieties.isFetching}
          onChange={(value) => setFilter((f) => chooseVariety(f, fromOption(value)))}
        />
      </div>
      {report.isError && <p role="alert" className="field-error">{t('harvest.loadError')}</p>}
      <DataTable
        value={rows}
        dataKey="puc"
        loading={report.isFetching}
        footerColumnGroup={footer}
        emptyMessage={t('harvest.noRows')}
        scrollable
        scrollHeight="620px"
        size="small"
        className="harvest-table"
        tableStyle={{ minWidth: '48rem' }}
        pt={{ table: { 'aria-label': t('harvest.pucReportTable') } as never, wrapper: { tabIndex: 0 } as never }}
      >
        <Column field="puc" header={t('harvest.columns.puc')} body={pucBody} />
        <Column header={t('harvest.columns.estUntippedTonnes')} body={cell('untippedTonnes')} {...numberColumn} />
        <Column header={t('harvest.columns.tippedTonnes')} body={cell('tippedTonnes')} {...numberColumn} />
        <Column header={t('harvest.columns.combinedTonnes')} body={cell('combinedTonnes')} {...numberColumn} />
        <Column header={t('harvest.columns.remainingTonnes')} body={cell('remainingTonnes')} {...numberColumn} />
        <Column header={t('harvest.columns.blocksEstimated')} body={cell('blocksEstimated')} {...numberColumn} />
      </DataTable>
    </div>
  );
}

export default PucReportPage;
