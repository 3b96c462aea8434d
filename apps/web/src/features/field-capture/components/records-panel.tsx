/**
 * The stored rows of one capture list (components/records-list): filters (farm, block, from and to
 * day; the address may name them, see lib/field-list-filters) over the table, paged on the server
 * (20/50/100, newest first), with edit and delete (after a confirm) for those who capture.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { dayOf, TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from '@orchard/shared/core';
import { type FieldBlock } from '@orchard/shared/field-capture';
import { isReadable } from '../../../components/date-time-input';
import { RecordsList, useRecordsPaging, type RecordColumn } from '../../../components/records-list';
import { filtersFromSearch, type FieldListFilters } from '../../../lib/field-list-filters';
import { useFormatters } from '../../../lib/use-formatters';
import { useDeleteFieldRecord, useFieldList } from '../api/field-records';
import { BLOCK_COLUMN, type CaptureKind, type FieldRecordRow } from './capture-kind';
import { BlockPicker, DateTimeField } from './field-inputs';

const LEADING_COLUMNS: readonly RecordColumn<FieldRecordRow>[] = [BLOCK_COLUMN];

export function RecordsPanel<Row extends FieldRecordRow, Draft>({
  kind,
  blocks,
  canCapture,
  onEdit,
  onDeleted,
}: {
  kind: CaptureKind<Row, Draft>;
  blocks: FieldBlock[];
  canCapture: boolean;
  onEdit: (row: Row) => void;
  onDeleted: (row: Row) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  // a link (the pest dashboard's rows) may open the list on its rows: the address names the filters
  const { search } = useLocation();
  const [filters, setFilters] = useState<FieldListFilters>(() => filtersFromSearch(search));
  const paging = useRecordsPaging('fieldCapture', kind.texts.caption, TABLE_PAGE_SIZE_OPTIONS, TABLE_PAGE_SIZE);
  // a day still being typed (text the input cannot read yet) filters nothing until it reads as one
  const readable = isReadable('date', filters.from) && isReadable('date', filters.to);
  const rangeError = readable && filters.from && filters.to && filters.from > filters.to ? t('fieldCapture.rangeOrder') : undefined;
  const list = useFieldList(kind.listPath, kind.pageSchema, { ...filters, ...paging.page }, !rangeError && readable);
  const remove = useDeleteFieldRecord(kind.listPath, kind.itemPath);
  const today = dayOf(new Date());
  const id = `${kind.key}-filter`;

  const setFilter = (patch: Partial<FieldListFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    paging.resetPage();
  };

  return (
    <RecordsList
      kind={kind}
      ns="fieldCapture"
      heading="h2"
      leadingColumns={LEADING_COLUMNS}
      paging={paging}
      list={list}
      remove={remove}
      rowName={(row) => kind.rowName(row, format)}
      offlineText={t('fieldCapture.editNeedsNetwork')}
      canCapture={canCapture}
      onEdit={onEdit}
      onDeleted={onDeleted}
      filters={
        <>
          <BlockPicker
            idPrefix={id}
            blocks={blocks}
            farmId={filters.farmId}
            blockId={filters.blockId}
            onChange={(farmId, blockId) => setFilter({ farmId, blockId })}
          />
          <DateTimeField id={`${id}-from`} type="date" label={t('fieldCapture.from')} value={filters.from} max={today} onChange={(from) => setFilter({ from })} />
          <DateTimeField id={`${id}-to`} type="date" label={t('fieldCapture.to')} value={filters.to} max={today} error={rangeError} onChange={(to) => setFilter({ to })} />
        </>
      }
    />
  );
}
