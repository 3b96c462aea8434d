/**
 * The capture form of one kind of reading, made for a phone first: the day and time it was read
 * (as the culture writes them: components/date-time-input), its numbers typed as text on the number pad (kept exactly as typed:
 * the shared rule refuses 20.55 °C where one decimal is kept, it never rounds) and a note. A new
 * reading is sent with a client id; a stored one with the version it was read at (412: someone
 * saved it first, the list reloads).
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { dayOf } from '@orchard/shared/core';
import { DateTimeField } from '../../../components/date-time-input';
import { FormField } from '../../../components/field-error';
import { NumberTextInput } from '../../../components/number-text-input';
import { errorText, isApiError } from '../../../lib/api-error';
import { detailsByField, issuesByField, type FormErrors } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast';
import { useReadingMutations, useReloadReadings } from '../api/packhouse-readings-api';
import { draftBody, type ReadingDraft, type ReadingKind } from '../reading-kinds';
import { nowTime } from '../reading-times';
import { useFormatters } from '../../../lib/use-formatters';

export interface FormState {
  draft: ReadingDraft;
  /** the stored reading being edited, or null for a new one */
  editing: { id: number; version: number } | null;
  errors: FormErrors;
}

export function emptyDraft(kind: ReadingKind): ReadingDraft {
  const values: Record<string, number | null> = {};
  for (const v of kind.values) values[v.field] = null;
  return { readOn: dayOf(new Date()), readTime: nowTime(), values, note: '' };
}

const describedBy = (id: string, error: string | undefined) => (error ? `${id}-error` : undefined);

export function ReadingForm({ kind, placeId, state, onState }: { kind: ReadingKind; placeId: number; state: FormState; onState: (state: FormState) => void }) {
  const { t } = useTranslation();
  const { culture } = useFormatters();
  const { save } = useReadingMutations(kind);
  const reload = useReloadReadings(kind);
  const { draft, editing, errors } = state;
  const id = (field: string) => `${kind.key}-reading-${field}`;
  const headingId = `${kind.key}-reading-form-title`;
  const set = (patch: Partial<ReadingDraft>) => onState({ ...state, draft: { ...draft, ...patch } });
  const startOver = () => onState({ draft: emptyDraft(kind), editing: null, errors: {} });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const base = draftBody(kind, draft);
    const body = editing ? { ...base, version: editing.version } : { ...base, clientId: crypto.randomUUID(), [kind.placeField]: placeId };
    const found = issuesByField(editing ? kind.updateSchema : kind.createSchema, body);
    if (Object.keys(found).length > 0) return onState({ ...state, errors: found });
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: () => {
          toast.success(t('packhouseReadings.success'), editing ? t('packhouseReadings.updated') : t(kind.texts.saved));
          startOver();
        },
        onError: (err) => {
          if (isApiError(err) && (err.status === 412 || err.status === 404)) {
            toast.error(t('packhouseReadings.error'), t(err.status === 412 ? 'packhouseReadings.stale' : 'packhouseReadings.gone'));
            void reload();
            startOver();
          } else if (isApiError(err) && err.details?.length) {
            onState({ ...state, errors: detailsByField(err.details) });
          } else {
            toast.error(t('packhouseReadings.error'), errorText(err));
          }
        },
      },
    );
  };

  return (
    <form className="reading-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{editing ? t('packhouseReadings.editReading') : t(kind.texts.form)}</h3>
      <div className="reading-pair">
        <DateTimeField
          id={id('day')}
          type="date"
          label={t('packhouseReadings.readOn')}
          value={draft.readOn}
          max={dayOf(new Date())}
          error={errors.readOn}
          onChange={(readOn) => set({ readOn })}
        />
        <DateTimeField id={id('time')} type="time" label={t('packhouseReadings.readTime')} value={draft.readTime} error={errors.readTime} onChange={(readTime) => set({ readTime })} />
      </div>
      <div className="reading-pair">
        {kind.values.map((v) => (
          <FormField
            key={v.field}
            id={id(v.field)}
            label={v.optional ? `${t(v.label)} (${t('packhouseReadings.optional')})` : t(v.label)}
            error={errors[v.field]}
          >
            <NumberTextInput
              culture={culture}
              id={id(v.field)}
              value={draft.values[v.field]}
              invalid={!!errors[v.field]}
              aria-describedby={describedBy(id(v.field), errors[v.field])}
              className="w-full"
              onChange={(value) => set({ values: { ...draft.values, [v.field]: value } })}
            />
          </FormField>
        ))}
      </div>
      <FormField id={id('note')} label={`${t('packhouseReadings.note')} (${t('packhouseReadings.optional')})`} error={errors.note}>
        <InputText
          id={id('note')}
          value={draft.note}
          invalid={!!errors.note}
          aria-describedby={describedBy(id('note'), errors.note)}
          onChange={(e) => set({ note: e.target.value })}
        />
      </FormField>
      {errors.form && (
        <small className="p-error field-error" role="alert">
          {errors.form}
        </small>
      )}
      <div className="reading-form-buttons">
        <Button type="submit" icon="pi pi-check" label={t('packhouseReadings.save')} loading={save.isPending} disabled={save.isPending} />
        <Button type="button" icon="pi pi-times" outlined label={editing ? t('packhouseReadings.cancel') : t('packhouseReadings.clear')} onClick={startOver} disabled={save.isPending} />
      </div>
    </form>
  );
}
