/**
 * The table of the Fruitbins Block Report and of the Estimate appraisal. Unlinked rows are shaded
 * and say "Not linked" in words. With `editable`, linked rows get an edit action for Adj T/Ha
 * (docs/domain.md, Yield estimates): the shared 0..400 rule, save without re-fetch, cancel restores.
 */
import { Column } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { DataTable } from 'primereact/datatable';
import { Row } from 'primereact/row';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { blockReportCells, type BlockReportCells, type BlockReportPage } from '@orchard/shared/harvest';
import { RowActionButton } from '../../../components/row-actions';
import { isApiError, errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSaveEstimate } from '../api/save-estimate';
import {
  canEditRow,
  cancelEdit,
  changeDraft,
  parseDraft,
  failedSave,
  startEdit,
  type ReportRow,
  type RowEditState,
} from '../block-row-edit';
import { EstimateHistoryDialog } from './estimate-history-dialog';

interface Props {
  page: BlockReportPage | undefined;
  loading: boolean;
  culture: string;
  /** Fruitbins Block Report: Variance, actions and editing; Estimate appraisal: none of them */
  variant: 'report' | 'appraisal';
  /** the user has harvest.estimates.edit */
  mayEdit: boolean;
  ariaLabel: string;
}

export const blockName = (row: ReportRow) => row.citrii_Block ?? row.production_Block_Code;

export function BlockReportTable({ page, loading, culture, variant, mayEdit, ariaLabel }: Props) {
  const { t } = useTranslation();
  const save = useSaveEstimate();
  const [edit, setEdit] = useState<RowEditState | null>(null);
  const [historyOf, setHistoryOf] = useState<ReportRow | null>(null);
  const isReport = variant === 'report';
  const rows = useMemo(() => page?.rows ?? [], [page]);
  const cells = useMemo(() => new Map(rows.map((r) => [r.production_Block, blockReportCells(r, culture)])), [rows, culture]);
  const totals = page ? blockReportCells(page.totals, culture) : null;

  const onSave = (state: RowEditState) => {
    if (!page) return;
    // the text as typed, checked against the shared rule: a refused value is shown, never reshaped and saved
    const parsed = parseDraft(state.draft, culture);
    if (!parsed.ok) {
      setEdit(failedSave(state, t('harvest.adjustedRange')));
      return;
    }
    save.mutate(
      { pucId: page.puc.id, edit: state, adjusted: parsed.value },
      {
        onSuccess: () => {
          setEdit(null);
          toast.success(t('harvest.estimateSaved'), t('harvest.estimateSavedDetail', { block: blockName(state.copy) }));
        },
        onError: (e) => {
          const message =
            isApiError(e) && e.status === 412
              ? t('harvest.estimateConflict')
              : isApiError(e) && e.status === 409
                ? t('harvest.unlinkedRefused')
                : errorText(e);
          setEdit((current) => (current && current.productionBlock === state.productionBlock ? failedSave(current, message) : current));
          toast.error(t('harvest.estimateNotSaved'), message);
        },
      },
    );
  };

  const onCancel = (state: RowEditState) => {
    // the cached row was never touched while editing; the copy is what the row shows again
    cancelEdit(state);
    setEdit(null);
  };

  const text = (field: keyof BlockReportCells) => (row: ReportRow) => cells.get(row.production_Block)?.[field] ?? '';

  const blockBody = (row: ReportRow) => (
    <span className="harvest-block-cell">
      <span>{blockName(row)}</span>
      {!row.isLinked && (
        <span className="harvest-unlinked-tag" title={t('harvest.unlinkedHint')}>
          {t('harvest.unlinked')}
        </span>
      )}
    </span>
  );

  const adjustedBody = (row: ReportRow): ReactNode => {
    if (!edit || edit.productionBlock !== row.production_Block) return text('adjustedTonnesPerHa')(row);
    const inputId = `adj-t-ha-${row.production_Block}`;
    const errorId = `${inputId}-error`;
    return (
      <div className="harvest-cell-editor">
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className={`p-inputtext p-component harvest-adj-input ${edit.error ? 'p-invalid' : ''}`}
          value={edit.draft}
          onChange={(e) => {
            const text = e.target.value;
            setEdit((s) => (s ? changeDraft(s, text) : s));
          }}
          disabled={save.isPending}
          aria-label={t('harvest.adjustedInput', { block: blockName(row) })}
          aria-describedby={edit.error ? errorId : undefined}
          aria-invalid={edit.error ? true : undefined}
          autoFocus
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onSave(edit);
            } else if (e.key === 'Escape') onCancel(edit);
          }}
        />
        {edit.error && (
          <small id={errorId} className="field-error" role="alert">
            {edit.error}
          </small>
        )}
      </div>
    );
  };

  const actionsBody = (row: ReportRow) => {
    const name = blockName(row);
    const editing = edit?.productionBlock === row.production_Block;
    return (
      <div className="harvest-actions">
        {editing && edit ? (
          <>
            <RowActionButton
              action="save"
              label={t('harvest.saveRow', { block: name })}
              loading={save.isPending}
              disabled={save.isPending}
              onClick={() => onSave(edit)}
            />
            <RowActionButton
              action="cancel"
              label={t('harvest.cancelRow', { block: name })}
              disabled={save.isPending}
              onClick={() => onCancel(edit)}
            />
          </>
        ) : (
          canEditRow(row, mayEdit) && (
            <RowActionButton
              action="edit"
              label={t('harvest.editRow', { block: name })}
              disabled={edit !== null}
              onClick={() => setEdit(startEdit(row, culture))}
            />
          )
        )}
        <RowActionButton action="history" label={t('harvest.historyOf', { block: name })} onClick={() => setHistoryOf(row)} />
      </div>
    );
  };

  const num = { className: 'harvest-number', headerClassName: 'harvest-number', footerClassName: 'harvest-number' };
  const figureColumns: [keyof BlockReportCells, string][] = [
    ['ha', 'ha'],
    ['untippedTonnes', 'untipped'],
    ['tippedTonnes', 'tippedTonnes'],
    ['tonnesPerHa', 'tonnesPerHa'],
    ['originalEstimate', 'origEst'],
    ['originalTonnesPerHa', 'origTonnesPerHa'],
    ['adjustedEstimate', 'adjEst'],
    ['adjustedTonnesPerHa', 'adjTonnesPerHa'],
    ['remaining_Tonnes', 'remainingTonnes'],
    ['remaining_Tonnes_Per_Ha', 'remainingTonnesPerHa'],
    ['percentage_Complete', 'percentComplete'],
    ...(isReport ? ([['variance', 'variance']] as [keyof BlockReportCells, string][]) : []),
  ];

  const footer = (
    <ColumnGroup>
      <Row className="harvest-total-row">
        <Column footer={t('harvest.total')} colSpan={2} frozen className="harvest-frozen-last" />
        <Column footer="" />
        {figureColumns.map(([field]) => (
          <Column key={field} footer={totals?.[field] ?? ''} {...num} />
        ))}
        {isReport && <Column footer="" frozen alignFrozen="right" />}
      </Row>
    </ColumnGroup>
  );

  return (
    <>
      <DataTable
        value={rows}
        dataKey="production_Block"
        loading={loading}
        footerColumnGroup={page ? footer : undefined}
        emptyMessage={t('harvest.noBlocks')}
        rowClassName={(row: ReportRow) => ({ 'harvest-row-unlinked': !row.isLinked })}
        // cells follow the edit state held here, not only the row data
        cellMemo={false}
        scrollable
        scrollHeight="620px"
        size="small"
        className="harvest-table"
        tableStyle={{ minWidth: isReport ? '86rem' : '76rem' }}
        pt={{ table: { 'aria-label': ariaLabel } as never, wrapper: { tabIndex: 0 } as never }}
      >
        {/* Block and Daff name the row: they stay in view while the figures scroll, as Actions does */}
        <Column header={t('harvest.columns.block')} body={blockBody} frozen />
        <Column field="daff" header={t('harvest.columns.daff')} frozen className="harvest-frozen-last" headerClassName="harvest-frozen-last" />
        <Column field="variety" header={t('harvest.columns.variety')} />
        {figureColumns.map(([field, header]) => (
          <Column
            key={field}
            header={t(`harvest.columns.${header}`)}
            body={field === 'adjustedTonnesPerHa' && isReport ? adjustedBody : text(field)}
            {...num}
          />
        ))}
        {isReport && <Column header={t('harvest.columns.actions')} body={actionsBody} frozen alignFrozen="right" className="harvest-frozen-first" headerClassName="harvest-frozen-first" />}
      </DataTable>
      {historyOf && <EstimateHistoryDialog row={historyOf} onHide={() => setHistoryOf(null)} />}
    </>
  );
}
