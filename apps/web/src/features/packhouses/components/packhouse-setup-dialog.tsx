/**
 * The Packhouse Setup dialog: the name autocomplete suggests existing packhouses (choosing one
 * links it and disables the short name), otherwise a new packhouse is created with the name and
 * short name. Validated with the server's schema; Save is disabled while the form is invalid and untouched.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete, type AutoCompleteCompleteEvent } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EditorDialog, useDiscardGuard } from '../../../components/discard-guard';
import { PACKHOUSE_NAME_MAX, PACKHOUSE_SUGGESTION_MIN_CHARS, addPackhouseBodySchema } from '@orchard/shared/packhouses';
import { isApiError, errorText } from '../../../lib/api-error';
import { useSession } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toast';
import { useAddPackhouse } from '../api/add-packhouse';
import { packhouseSuggestionsQueryOptions } from '../api/get-suggestions';
import { packhouseNameText } from '../packhouse-field-text';

interface Suggestion {
  id: number;
  name: string;
  shortname: string | null;
}

interface FormValues {
  id: number | null;
  name: string;
  shortname: string;
}

const EMPTY: FormValues = { id: null, name: '', shortname: '' };
/** The packhouse autocomplete's size (docs/domain.md, Packhouses). */
export const PACKHOUSE_AUTOCOMPLETE_SIZE = 30;

export function PackhouseSetupDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const nameId = useId();
  const shortId = useId();
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  const add = useAddPackhouse();
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const form = useForm<FormValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(addPackhouseBodySchema, undefined, { raw: true }) as unknown as Resolver<FormValues>,
    mode: 'onChange',
  });
  const { control, handleSubmit, reset, setValue, setError, formState, watch } = form;
  const linked = watch('id') !== null;
  const touched = formState.isDirty || Object.keys(formState.touchedFields).length > 0;

  const close = () => {
    reset(EMPTY);
    setSuggestions([]);
    onHide();
  };
  const guard = useDiscardGuard(formState.isDirty, close);

  const suggest = async (e: AutoCompleteCompleteEvent) => {
    const query = e.query.trim();
    // a name over the maximum names no packhouse (the field says so when saved)
    if (query.length < PACKHOUSE_SUGGESTION_MIN_CHARS || query.length > PACKHOUSE_NAME_MAX) {
      setSuggestions([]);
      return;
    }
    try {
      setSuggestions(await queryClient.fetchQuery(packhouseSuggestionsQueryOptions(organizationId, query)));
    } catch {
      setSuggestions([]);
    }
  };

  const onSubmit = handleSubmit((values) => {
    const body = values.id !== null ? { id: values.id } : { name: values.name.trim(), shortname: values.shortname.trim() || null };
    add.mutate(body, {
      onSuccess: (packhouse) => {
        toast.success(t('packhouses.success'), `${t('packhouses.added')}: ${packhouse.name}`);
        close();
      },
      onError: (e) => {
        if (isApiError(e)) {
          for (const d of e.details ?? []) {
            if (d.field === 'name' || d.field === 'shortname') setError(d.field, { type: d.reason, message: d.message });
          }
          if (e.status === 409) setError('name', { type: e.reason, message: e.message });
        }
        toast.error(t('packhouses.error'), errorText(e));
      },
    });
  });

  const footer = (
    <div className="dialog-footer">
      <Button type="button" label={t('packhouses.cancel')} outlined onClick={guard.requestClose} disabled={add.isPending} />
      <Button
        type="submit"
        form="packhouse-setup-form"
        label={t('packhouses.save')}
        loading={add.isPending}
        disabled={(!formState.isValid && !touched) || add.isPending}
      />
    </div>
  );

  return (
    <EditorDialog guard={guard} header={t('packhouses.dialogTitle')} visible={visible} footer={footer} className="packhouse-dialog" modal>
      <form id="packhouse-setup-form" onSubmit={(e) => void onSubmit(e)} className="packhouse-form" noValidate>
        <div className="field">
          <label htmlFor={nameId}>{t('packhouses.name')}</label>
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <>
                <AutoComplete
                  inputId={nameId}
                  value={field.value}
                  suggestions={suggestions}
                  field="name"
                  minLength={PACKHOUSE_SUGGESTION_MIN_CHARS}
                  size={PACKHOUSE_AUTOCOMPLETE_SIZE}
                  completeMethod={(e) => void suggest(e)}
                  onChange={(e) => {
                    const value = e.value as string | Suggestion | null;
                    if (value && typeof value === 'object') return;
                    field.onChange(value ?? '');
                    setValue('id', null, { shouldValidate: true, shouldDirty: true });
                  }}
                  onSelect={(e) => {
                    const chosen = e.value as Suggestion;
                    field.onChange(chosen.name);
                    setValue('id', chosen.id, { shouldValidate: true, shouldDirty: true });
                    setValue('shortname', chosen.shortname ?? '', { shouldValidate: true });
                  }}
                  onBlur={field.onBlur}
                  invalid={!!fieldState.error}
                  aria-invalid={!!fieldState.error}
                  aria-describedby={fieldState.error ? `${nameId}-error` : linked ? `${nameId}-hint` : undefined}
                  className="w-full"
                  inputClassName="w-full"
                />
                {fieldState.error && (
                  <small id={`${nameId}-error`} className="field-error">
                    {packhouseNameText(fieldState.error, t)}
                  </small>
                )}
                {linked && (
                  <small id={`${nameId}-hint`} className="field-hint">
                    {t('packhouses.linkedHint')}
                  </small>
                )}
              </>
            )}
          />
        </div>
        <div className="field">
          <label htmlFor={shortId}>{t('packhouses.shortName')}</label>
          <Controller
            control={control}
            name="shortname"
            render={({ field, fieldState }) => (
              <>
                <InputText
                  id={shortId}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  disabled={linked}
                  invalid={!!fieldState.error}
                  className="w-full"
                />
                {fieldState.error && <small className="field-error">{fieldState.error.message}</small>}
              </>
            )}
          />
        </div>
      </form>
    </EditorDialog>
  );
}
