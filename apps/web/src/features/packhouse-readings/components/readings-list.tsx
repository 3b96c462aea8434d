/**
 * The stored readings of one line or cold room (components/records-list): a range of days (both
 * ends included, either open) over the table, paged on the server (20/50/100, newest first), with
 * edit and delete (after a confirm) for those who capture.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS, dayOf } from '@orchard/shared/core';
import { DateTimeField, isReadable } from '../../../components/date-time-input';
import { RecordsList, useRecordsPaging } from '../../../components/records-list';
import { useFormatters } from '../../../lib/use-formatters';
import { useReadingMutations, useReadings } from '../api/packhouse-readings-api';
import type { ReadingKind, ReadingRow } from '../reading-kinds';

export function ReadingsList({
  kind,
  placeId,
  placeName,
  canCapture,
  onEdit,
  onDeleted,
}: {
  kind: ReadingKind;
  placeId: number;
  placeName: string;
  canCapture: boolean;
  onEdit: (row: ReadingRow) => void;
  onDeleted: (row: ReadingRow) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [days, setDays] = useState({ from: '', to: '' });
  const paging = useRecordsPaging('packhouseReadings', kind.texts.caption, TABLE_PAGE_SIZE_OPTIONS, TABLE_PAGE_SIZE);
  // a day still being typed (text the input cannot read yet) filters nothing until it reads as one
  const readable = isReadable('date', days.from) && isReadable('date', days.to);
  const rangeError = readable && days.from && days.to && days.from > days.to ? t('packhouseReadings.rangeOrder') : undefined;
  const list = useReadings(kind, rangeError || !readable ? null : { placeId, ...days, ...paging.page });
  const { remove } = useReadingMutations(kind);
  const today = dayOf(new Date());
  const id = `${kind.key}-readings`;

  const setDay = (patch: Partial<typeof days>) => {
    setDays((d) => ({ ...d, ...patch }));
    paging.resetPage();
  };

  const dayInput = (key: 'from' | 'to', error?: string) => (
    <DateTimeField id={`${id}-${key}`} type="date" label={t(`packhouseReadings.${key}`)} value={days[key]} max={today} error={error} onChange={(day) => setDay({ [key]: day })} />
  );

  return (
    <RecordsList
      kind={kind}
      ns="packhouseReadings"
      heading="h3"
      paging={paging}
      list={list}
      remove={remove}
      rowName={(row) => t('packhouseReadings.readingName', { place: placeName, day: format.day(row.readOn), time: row.readTime })}
      canCapture={canCapture}
      onEdit={onEdit}
      onDeleted={onDeleted}
      filters={
        <>
          {dayInput('from')}
          {dayInput('to', rangeError)}
        </>
      }
    />
  );
}
