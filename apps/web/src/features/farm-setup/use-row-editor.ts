/**
 * The state of a farm setup dialog: the form (checked with the shared schema), the save, and what a
 * refusal shows: the server's per-field messages on their fields, a taken name on the name field,
 * and for a row someone else saved first (412) the stale notice until Reload puts the latest row
 * in the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ErrorReason } from '@orchard/shared/core';
import { isApiError } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { isStale, requestErrorText } from './farm-setup-text';

export interface RowEditorOptions<V extends FieldValues, B, Row extends { version?: number }, R> {
  /** the shared schema of the request body: the form's rules */
  schema: Parameters<typeof zodResolver>[0];
  /** the row as the dialog opened it (null adds) */
  row: Row | null;
  /** the row as the list has it now: what Reload puts in the form (undefined once it is gone) */
  current: Row | undefined;
  toValues: (row: Row | null) => V;
  save: (body: B, version: number) => Promise<R>;
  /** the field a name that is taken belongs to, by the conflict's reason */
  conflictFields?: Partial<Record<ErrorReason, Path<V>>>;
  /** the saved row's name, for the toast */
  savedName: (saved: R) => string;
  onDone: () => void;
}

export function useRowEditor<V extends FieldValues, B, Row extends { version?: number }, R>(options: RowEditorOptions<V, B, Row, R>) {
  const { t } = useTranslation();
  const { row, current, toValues, save, conflictFields, savedName, onDone } = options;
  const [base, setBase] = useState<Row | null>(row);
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useForm<V>({
    defaultValues: toValues(row) as DefaultValues<V>,
    resolver: zodResolver(options.schema) as unknown as Resolver<V>,
    mode: 'onTouched',
  });
  const { setError } = form;

  const showRefusal = (e: unknown) => {
    if (isStale(e)) {
      setStale(true);
      return;
    }
    if (isApiError(e)) {
      const fields = Object.keys(form.getValues());
      for (const d of e.details ?? []) {
        if (fields.includes(d.field)) setError(d.field as Path<V>, { type: d.reason, message: d.message });
      }
      const field = conflictFields?.[e.reason];
      if (field) setError(field, { type: e.reason, message: e.message });
    }
    toast.error(t('farmSetup.notSaved'), requestErrorText(e, t));
  };

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const saved = await save(values as unknown as B, base?.version ?? 0);
      toast.success(t('farmSetup.success'), t(row ? 'farmSetup.saved' : 'farmSetup.added', { name: savedName(saved) }));
      onDone();
    } catch (e) {
      showRefusal(e);
    } finally {
      setSaving(false);
    }
  });

  /** the latest row in the form (and its version for the next save) */
  const reload = () => {
    if (!current) return;
    setBase(current);
    form.reset(toValues(current));
    setStale(false);
  };

  return { form, submit, saving, stale, reload, canReload: !!current && current.version !== base?.version, gone: stale && !current };
}

export type RowEditor<V extends FieldValues> = ReturnType<typeof useRowEditor<V, unknown, { version?: number }, unknown>>;
