/**
 * The one input of a calendar day or a wall-clock time, typed or picked, written as the rest of the
 * screen writes it (shared display-format.ts): a day in the culture's numeric date (en-ZA
 * 2026/12/01, en-GB 01/12/2026; the tables' format.day), a time on the 24-hour clock (14:30) in
 * every culture. A phone's own date picker would show the phone's language instead (12/01/2026,
 * 11:43 PM), which reads as another day.
 *
 * The value is what the API speaks: yyyy-MM-dd or HH:mm, '' when empty. Text that does not read as a
 * day or time is handed on as typed, never cleared or guessed, and `unreadableMessage` gives the
 * field's message for it, so the form refuses it before anything is saved. The picker offers the
 * days from `min` to `max` (by default the days the server takes); a day typed outside them is
 * handed on as well, for the form's own rule to answer. Forms and filters use it labelled, as
 * DateTimeField.
 */
import { Calendar } from 'primereact/calendar';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dayOf, FIRST_DAY, LAST_DAY, readDisplayedDay, readDisplayedTime } from '@orchard/shared/core';
import { calendarPt, fromDay, toDay } from '../lib/calendar-days';
import { useFormatters } from '../lib/use-formatters';
import { FormField } from './field-error';

export type DateTimeKind = 'date' | 'time';

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm as the Calendar holds a time: today at that hour and minute. */
function timeDate(time: string): Date | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const date = new Date();
  date.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return date;
}

const timeOfDate = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** Whether a value the input handed on is a day or time (or empty) rather than text it could not read. */
export function isReadable(type: DateTimeKind, value: string): boolean {
  return value === '' || (type === 'date' ? fromDay(value) !== null : timeDate(value) !== null);
}

/** The message for text the input could not read; null while it holds a day or time, or nothing. */
export function unreadableMessage(type: DateTimeKind, value: string, t: TFunction, showDay: (day: string) => string): string | null {
  if (isReadable(type, value)) return null;
  // the example is today's date, the business day the forms start on
  return type === 'date' ? t('dateInput.unreadableDay', { example: showDay(dayOf(new Date())) }) : t('dateInput.unreadableTime');
}

export interface DateTimeInputProps {
  id: string;
  type: DateTimeKind;
  /** yyyy-MM-dd or HH:mm; '' when empty; other text: what was typed and could not be read */
  value: string;
  onChange: (value: string) => void;
  /** days the picker offers (yyyy-MM-dd) */
  min?: string;
  max?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

export function DateTimeInput({ id, type, value, onChange, min, max, invalid, describedBy, disabled }: DateTimeInputProps) {
  const format = useFormatters();
  const read = (text: string) => (text.trim() === '' ? '' : ((type === 'date' ? readDisplayedDay(text, format.culture) : readDisplayedTime(text)) ?? text));
  const held = type === 'date' ? fromDay(value) : timeDate(value);
  return (
    <Calendar
      inputId={id}
      // a value it could not read stays in the input as typed (keepInvalid shows the text as is)
      value={(held ?? (value === '' ? null : value)) as Date | null}
      keepInvalid
      // typing: read here, with the culture's pattern (the Calendar keeps a day outside min and max to itself)
      onInput={(e) => onChange(read((e.target as HTMLInputElement).value))}
      // picking: the day or time chosen
      onChange={(e) => {
        if (e.value instanceof Date) onChange(type === 'date' ? toDay(e.value) : timeOfDate(e.value));
      }}
      dateFormat={format.calendarDateFormat}
      timeOnly={type === 'time'}
      hourFormat="24"
      minDate={type === 'date' ? (fromDay(min ?? FIRST_DAY) ?? undefined) : undefined}
      maxDate={type === 'date' ? (fromDay(max ?? LAST_DAY) ?? undefined) : undefined}
      showIcon
      icon={type === 'time' ? 'pi pi-clock' : 'pi pi-calendar'}
      invalid={invalid}
      disabled={disabled}
      className="w-full date-time-input"
      // the input itself carries the field's message and state (the Calendar's own props reach its wrapper)
      pt={{ ...calendarPt, input: { root: { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined } } as never }}
    />
  );
}

/**
 * The input with its label and message (components/field-error FormField): the form's message, or,
 * for text the input cannot read, the way to write it, at once and before anything is sent.
 */
export function DateTimeField({
  id,
  label,
  type,
  value,
  onChange,
  error,
  max,
  hint,
}: {
  id: string;
  label: string;
  type: DateTimeKind;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  max?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const shown = unreadableMessage(type, value, t, format.day) ?? error;
  const described = [shown ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <FormField id={id} label={label} error={shown}>
      <DateTimeInput id={id} type={type} value={value} max={max} invalid={!!shown} describedBy={described} onChange={onChange} />
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
    </FormField>
  );
}
