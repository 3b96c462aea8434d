/**
 * The organisation's pest thresholds as one form: the scouting frequency, the action threshold per
 * pest and the threshold per trap type and pest. The shared save schema checks it in the browser,
 * so a refused value shows the server's own words at its field and nothing is sent. Save replaces
 * the whole set on the version it was read at; when someone else saved first the form says so and
 * Reload loads their set. Reset puts the loaded set back.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { savePestThresholdsBodySchema, type PestThresholdsResponse } from '@orchard/shared/pest-thresholds';
import { errorText, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSaveThresholds } from '../api/save-thresholds';
import { bodyOf, formValuesOf, type ThresholdFormValues } from '../threshold-form';
import { isFormField, isStale } from '../threshold-text';
import { PestTable } from './pest-table';
import { ThresholdNumber } from './threshold-fields';
import { TrapTable } from './trap-table';

interface Props {
  /** the set as loaded */
  set: PestThresholdsResponse;
  /** start again from the loaded set */
  onReset: () => void;
  /** read the latest set and start again from it */
  onReload: () => Promise<void>;
}

export function ThresholdsForm({ set, onReset, onReload }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveThresholds();
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const form = useForm<ThresholdFormValues>({
    defaultValues: formValuesOf(set),
    resolver: zodResolver(savePestThresholdsBodySchema) as unknown as Resolver<ThresholdFormValues>,
    mode: 'onTouched',
  });
  const { control, setError, formState } = form;
  const saving = save.isPending;

  const submit = form.handleSubmit(async (values) => {
    const result = bodyOf(values);
    if (!result.ok) {
      for (const issue of result.issues) if (isFormField(issue.path)) setError(issue.path as Path<ThresholdFormValues>, { message: issue.message });
      return;
    }
    try {
      await save.mutateAsync(result.body);
      toast.success(t('pestThresholds.saved'), t('pestThresholds.savedDetail'));
    } catch (e) {
      if (isStale(e)) {
        setStale(true);
        return;
      }
      if (isApiError(e)) {
        for (const d of e.details ?? []) if (isFormField(d.field)) setError(d.field as Path<ThresholdFormValues>, { type: d.reason, message: d.message });
      }
      toast.error(t('pestThresholds.notSaved'), errorText(e));
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  return (
    <form className="threshold-form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('pestThresholds.title')}>
      {set.isDefault && <Message severity="info" text={t('pestThresholds.defaultsNote')} className="threshold-defaults" />}
      {stale && (
        <div className="threshold-stale" role="alert">
          <Message severity="warn" text={t('pestThresholds.reasons.stale')} />
          <Button type="button" icon="pi pi-refresh" label={t('pestThresholds.reload')} outlined loading={reloading} disabled={reloading} onClick={() => void reload()} />
        </div>
      )}

      <Card className="threshold-card" title={<h2 className="card-heading">{t('pestThresholds.frequency.heading')}</h2>}>
        <ThresholdNumber
          control={control}
          name="scoutingFrequencyDays"
          id={`${id}-frequency`}
          label={t('pestThresholds.frequency.label')}
          hintId={`${id}-frequency-hint`}
          integer
          disabled={saving}
          className="threshold-frequency"
        />
        <p id={`${id}-frequency-hint`} className="threshold-hint">
          {t('pestThresholds.frequency.hint')}
        </p>
      </Card>

      <PestTable control={control} disabled={saving} />
      <TrapTable control={control} disabled={saving} />

      <div className="threshold-buttons">
        {formState.isDirty && <span className="threshold-unsaved">{t('pestThresholds.unsaved')}</span>}
        <Button type="button" icon="pi pi-undo" label={t('pestThresholds.reset')} outlined severity="secondary" disabled={saving || !formState.isDirty} onClick={onReset} />
        <Button type="submit" icon="pi pi-check" label={t('pestThresholds.save')} loading={saving} disabled={saving || stale} />
      </div>
    </form>
  );
}
