/**
 * The input checks table (docs/domain.md, Input checks, for its height and colouring):
 * one row per farm, Last and Oldest of each kind under its grouped caption, sortable by farm and by
 * each Oldest. Ages read as text ("5 days", "No Data"); the orange behind Last and Oldest grows from
 * 3 to 14 days (No Data full), so colour only repeats what the text says. An Oldest cell is a button
 * that opens the dialog listing the blocks it concerns.
 *
 * `compact`: the dashboard's variant, farm with Scouting Last and Oldest only, 200px high.
 */
import {
  INPUT_CHECK_KINDS,
  INPUT_CHECKS_DASHBOARD_SCROLL_HEIGHT,
  INPUT_CHECKS_SCROLL_HEIGHT,
  inputCheckAgeText,
  type FarmInputCheckRow,
  type InputCheckKind,
} from '@orchard/shared/input-checks';
import { Column, type ColumnSortEvent } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { DataTable } from 'primereact/datatable';
import { Row } from 'primereact/row';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputCheckDialog, type InputCheckDialogTarget } from './input-check-dialog';
import { ageCellStyle, kindFigures, sortByOldest, type CompactInputCheckRow, type InputCheckTableRow } from './input-check-details';
import { scrollableTablePt } from './table-accessibility';
import { TableEmpty } from './table-empty';
import './input-checks-table.css';

const COMPACT_KINDS: readonly InputCheckKind[] = ['scouting'];

interface CommonProps {
  /** the first answer has come (until then the table shows skeleton rows) */
  answered: boolean;
  loading?: boolean;
  className?: string;
}

export type InputChecksTableProps = CommonProps & ({ compact?: false; rows: readonly FarmInputCheckRow[] } | { compact: true; rows: readonly CompactInputCheckRow[] });

export function InputChecksTable({ rows, compact = false, answered, loading = false, className }: InputChecksTableProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<InputCheckDialogTarget | null>(null);
  const kinds = compact ? COMPACT_KINDS : INPUT_CHECK_KINDS;
  const kindCaption = (kind: InputCheckKind) => t(`inputChecks.kinds.${kind}`);
  const headerName = (kind: InputCheckKind, column: 'last' | 'oldest') =>
    ({ headerCell: { 'aria-label': t('inputChecks.columnName', { kind: kindCaption(kind), column: t(`inputChecks.${column}`) }) } }) as never;
  const oldestSort = (kind: InputCheckKind) => (e: ColumnSortEvent) => sortByOldest(e.data as InputCheckTableRow[], kind, e.order);

  const lastBody = (kind: InputCheckKind) =>
    function LastCell(row: InputCheckTableRow) {
      const { last } = kindFigures(row, kind);
      return (
        <span className="input-check-age" style={ageCellStyle(last)}>
          {inputCheckAgeText(last)}
        </span>
      );
    };

  const oldestBody = (kind: InputCheckKind) =>
    function OldestCell(row: InputCheckTableRow) {
      const { oldest, oldestIds } = kindFigures(row, kind);
      const age = inputCheckAgeText(oldest);
      return (
        <button
          type="button"
          className="input-check-age input-check-age-button"
          style={ageCellStyle(oldest)}
          aria-label={t('inputChecks.showDetails', { kind: kindCaption(kind), farm: row.farm, age })}
          aria-haspopup="dialog"
          onClick={() => setTarget({ farm: row.farm, kind, oldest, oldestIds })}
        >
          {age}
        </button>
      );
    };

  const headerGroup = (
    <ColumnGroup>
      <Row>
        <Column header={t('inputChecks.farm')} rowSpan={2} field="farm" sortable className="input-check-farm" />
        {kinds.map((kind) => (
          <Column key={kind} header={kindCaption(kind)} colSpan={2} />
        ))}
      </Row>
      <Row>
        {kinds.flatMap((kind) => [
          <Column key={`${kind}Last`} header={t('inputChecks.last')} pt={headerName(kind, 'last')} />,
          <Column
            key={`${kind}Oldest`}
            header={t('inputChecks.oldest')}
            field={`${kind}Oldest`}
            sortable
            sortFunction={oldestSort(kind)}
            pt={headerName(kind, 'oldest')}
          />,
        ])}
      </Row>
    </ColumnGroup>
  );

  return (
    <>
      <DataTable
        value={rows as InputCheckTableRow[]}
        dataKey="farm"
        headerColumnGroup={headerGroup}
        loading={loading}
        emptyMessage={<TableEmpty answered={answered} text={t('inputChecks.noData')} />}
        sortMode="single"
        removableSort
        scrollable
        scrollHeight={compact ? INPUT_CHECKS_DASHBOARD_SCROLL_HEIGHT : INPUT_CHECKS_SCROLL_HEIGHT}
        pt={scrollableTablePt(compact ? t('inputChecks.compactCaption') : t('inputChecks.tableCaption'))}
        size="small"
        className={['input-checks-table', compact ? 'input-checks-table-compact' : '', className ?? ''].filter(Boolean).join(' ')}
      >
        {/* the sort the grouped header asks for is found again among these columns, by field */}
        <Column field="farm" sortable className="input-check-farm" />
        {kinds.flatMap((kind) => [
          <Column key={`${kind}Last`} body={lastBody(kind)} bodyClassName="input-check-age-cell" />,
          <Column
            key={`${kind}Oldest`}
            field={`${kind}Oldest`}
            body={oldestBody(kind)}
            bodyClassName="input-check-age-cell"
            sortable
            sortFunction={oldestSort(kind)}
          />,
        ])}
      </DataTable>
      <InputCheckDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
