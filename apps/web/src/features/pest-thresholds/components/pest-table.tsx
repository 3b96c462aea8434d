/**
 * The action thresholds per pest: one row per pest with its threshold (percent of observation
 * points infested) and Remove; under the table, a pest or disease not yet listed can be added (its
 * row takes its place in catalogue order, its threshold still to be typed).
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
import { addablePests, pestInsertIndex, pestRowName, type ThresholdFormValues } from '../threshold-form';
import { ChoiceField, RowName, ThresholdNumber } from './threshold-fields';

interface Props {
  control: Control<ThresholdFormValues>;
  disabled: boolean;
}

type Row = { id: string; pest: string };

export function PestTable({ control, disabled }: Props) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const { fields, insert, remove } = useFieldArray({ control, name: 'pests' });
  const [toAdd, setToAdd] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const addable = useMemo(() => addablePests(fields), [fields]);
  const inputId = (pest: string) => `${idPrefix}-pest-${pest}`;

  // a row just added: its threshold is the next thing to type
  useEffect(() => {
    if (focusId === null) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const add = () => {
    if (toAdd === null) return;
    insert(pestInsertIndex(fields, toAdd), { pest: toAdd, thresholdPercent: null }, { shouldFocus: false });
    setToAdd(null);
    setFocusId(inputId(toAdd));
  };

  return (
    <Card className="threshold-card" title={<h2 className="card-heading">{t('pestThresholds.pests.heading')}</h2>}>
      <p className="threshold-hint">{t('pestThresholds.pests.hint')}</p>
      <DataTable
        value={fields as Row[]}
        dataKey="id"
        size="small"
        scrollable
        emptyMessage={t('pestThresholds.pests.empty')}
        pt={scrollableTablePt(t('pestThresholds.pests.caption'))}
        className="threshold-table threshold-table-pests"
      >
        <Column
          header={t('pestThresholds.pests.pest')}
          body={(row: Row, { rowIndex }) => (
            <RowName control={control} name={`pests.${rowIndex}.pest`} id={`${inputId(row.pest)}-name`} text={pestRowName(row)} />
          )}
        />
        <Column
          header={t('pestThresholds.pests.threshold')}
          className="threshold-number-cell"
          body={(row: Row, { rowIndex }) => (
            <ThresholdNumber
              control={control}
              name={`pests.${rowIndex}.thresholdPercent`}
              id={inputId(row.pest)}
              label={t('pestThresholds.pests.thresholdOf', { pest: pestRowName(row) })}
              hiddenLabel
              disabled={disabled}
            />
          )}
        />
        <Column
          header={t('pestThresholds.actions')}
          className="threshold-actions-cell"
          body={(row: Row, { rowIndex }) => (
            <RowActionButton
              action="delete"
              label={t('pestThresholds.pests.remove', { pest: pestRowName(row) })}
              disabled={disabled}
              onClick={() => remove(rowIndex)}
            />
          )}
        />
      </DataTable>
      <div className="threshold-add">
        {addable.length === 0 ? (
          <p className="threshold-hint">{t('pestThresholds.pests.allListed')}</p>
        ) : (
          <>
            <ChoiceField
              id={`${idPrefix}-add-pest`}
              label={t('pestThresholds.pests.toAdd')}
              value={toAdd}
              options={addable}
              placeholder={t('pestThresholds.pests.choose')}
              onChange={setToAdd}
              disabled={disabled}
            />
            <Button type="button" icon="pi pi-plus" label={t('pestThresholds.pests.add')} outlined disabled={disabled || toAdd === null} onClick={add} />
          </>
        )}
      </div>
    </Card>
  );
}
