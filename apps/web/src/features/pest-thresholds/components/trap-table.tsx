/**
 * The thresholds per trap type and pest: one row per pair with its count per inspection and
 * Remove; under the table, a pair not yet listed can be added: a trap type, then one of the pests
 * a lure draws that the type has no row for (the row takes its place by type, then pest).
 */
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RowActionButton } from '../../../components/row-actions';
import { scrollableTablePt } from '../../../components/table-accessibility';
import { addableTrapPests, trapInsertIndex, trapRowNames, trapTypeChoices, type ThresholdFormValues } from '../threshold-form';
import { ChoiceField, RowName, ThresholdNumber } from './threshold-fields';

interface Props {
  control: Control<ThresholdFormValues>;
  disabled: boolean;
}

type Row = { id: string; trapType: string; pest: string };

export function TrapTable({ control, disabled }: Props) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const { fields, insert, remove } = useFieldArray({ control, name: 'traps' });
  const [trapType, setTrapType] = useState<string | null>(null);
  const [pest, setPest] = useState<string | null>(null);
  const [focusRow, setFocusRow] = useState<string | null>(null);
  const types = useMemo(() => trapTypeChoices(), []);
  const pests = useMemo(() => addableTrapPests(fields, trapType), [fields, trapType]);
  const rowId = (row: { trapType: string; pest: string }) => `${idPrefix}-trap-${row.trapType}-${row.pest}`;
  const label = (row: { trapType: string; pest: string }) => t('pestThresholds.traps.countOf', trapRowNames(row));

  useEffect(() => {
    if (focusRow === null) return;
    document.getElementById(focusRow)?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const chooseType = (next: string | null) => {
    setTrapType(next);
    // a pest the new type already has (or that no longer fits) is cleared
    if (pest !== null && !addableTrapPests(fields, next).some((p) => p.value === pest)) setPest(null);
  };

  const add = () => {
    if (trapType === null || pest === null) return;
    const row = { trapType, pest };
    insert(trapInsertIndex(fields, trapType, pest), { ...row, thresholdCount: null }, { shouldFocus: false });
    setPest(null);
    setFocusRow(rowId(row));
  };

  return (
    <Card className="threshold-card" title={<h2 className="card-heading">{t('pestThresholds.traps.heading')}</h2>}>
      <p className="threshold-hint">{t('pestThresholds.traps.hint')}</p>
      <DataTable
        value={fields as Row[]}
        dataKey="id"
        size="small"
        scrollable
        emptyMessage={t('pestThresholds.traps.empty')}
        pt={scrollableTablePt(t('pestThresholds.traps.caption'))}
        tableStyle={{ minWidth: '30rem' }}
        className="threshold-table threshold-table-traps"
      >
        <Column
          header={t('pestThresholds.traps.trapType')}
          body={(row: Row, { rowIndex }) => (
            <RowName control={control} name={`traps.${rowIndex}.trapType`} id={`${rowId(row)}-type`} text={trapRowNames(row).trapType} />
          )}
        />
        <Column
          header={t('pestThresholds.traps.pest')}
          body={(row: Row, { rowIndex }) => <RowName control={control} name={`traps.${rowIndex}.pest`} id={`${rowId(row)}-pest`} text={trapRowNames(row).pest} />}
        />
        <Column
          header={t('pestThresholds.traps.count')}
          className="threshold-number-cell"
          body={(row: Row, { rowIndex }) => (
            <ThresholdNumber control={control} name={`traps.${rowIndex}.thresholdCount`} id={rowId(row)} label={label(row)} hiddenLabel disabled={disabled} />
          )}
        />
        <Column
          header={t('pestThresholds.actions')}
          className="threshold-actions-cell"
          body={(row: Row, { rowIndex }) => (
            <RowActionButton
              action="delete"
              label={t('pestThresholds.traps.remove', trapRowNames(row))}
              disabled={disabled}
              onClick={() => remove(rowIndex)}
            />
          )}
        />
      </DataTable>
      <div className="threshold-add">
        <ChoiceField
          id={`${idPrefix}-add-type`}
          label={t('pestThresholds.traps.trapType')}
          value={trapType}
          options={types}
          placeholder={t('pestThresholds.traps.chooseTrapType')}
          onChange={chooseType}
          disabled={disabled}
        />
        {trapType !== null && pests.length === 0 ? (
          <p className="threshold-hint">{t('pestThresholds.traps.allListed')}</p>
        ) : (
          <ChoiceField
            id={`${idPrefix}-add-pest`}
            label={t('pestThresholds.traps.pestToAdd')}
            value={pest}
            options={pests}
            placeholder={t('pestThresholds.traps.choosePest')}
            onChange={setPest}
            disabled={disabled || trapType === null}
          />
        )}
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('pestThresholds.traps.add')}
          outlined
          disabled={disabled || trapType === null || pest === null}
          onClick={add}
        />
      </div>
    </Card>
  );
}
