/**
 * Record bin intake for a production block (PUC -> block -> packhouse, bins, received date, tipped
 * and tipped kgs), checked with the server's own schema; the server's per-field messages appear
 * next to the fields. "Tip bins" marks waiting bins of the chosen block and packhouse as tipped.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dayOf } from '@orchard/shared/core';
import { binIntakeBodySchema, receivedDateProblem, type BinIntakeBody } from '@orchard/shared/harvest';
import { NumberTextInput } from '../../../components/number-text-input';
import { errorText, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useRecordBins } from '../api/record-bins';
import { fromDay, toDay } from '../../../lib/calendar-days';
import { useFormatters } from '../../../lib/use-formatters';
import { BlockPicker, type BlockChoice } from './block-picker';
import { TipBinsDialog } from './tip-bins-dialog';

type FormValues = Partial<BinIntakeBody>;
const FIELDS: readonly FieldPath<FormValues>[] = ['production_Block', 'packhouse', 'count', 'received_Date', 'tipped', 'tipped_Kgs'];

/** Sets each server detail ({field, message}) on its field; answers the details that fit no field. */
export function applyServerDetails(
  details: { field: string; message: string }[] | undefined,
  setError: (field: FieldPath<FormValues>, error: { type: string; message: string }) => void,
): string[] {
  const rest: string[] = [];
  for (const d of details ?? []) {
    const field = FIELDS.find((f) => f === d.field);
    if (field) setError(field, { type: 'server', message: d.message });
    else rest.push(d.message);
  }
  return rest;
}

export function BinIntakeForm() {
  const { t } = useTranslation();
  const format = useFormatters();
  const record = useRecordBins();
  const [choice, setChoice] = useState<BlockChoice>({ puc: null, productionBlock: null, packhouse: null });
  const [tipOpen, setTipOpen] = useState(false);
  const { control, handleSubmit, setValue, setError, watch, reset, formState } = useForm<FormValues>({
    resolver: zodResolver(binIntakeBodySchema) as never,
    // today as the business day (South Africa), the server's today too
    defaultValues: { count: undefined, received_Date: dayOf(new Date()), tipped: false, tipped_Kgs: null },
  });
  const tipped = watch('tipped');
  const { errors, isSubmitted } = formState;

  const choose = (next: BlockChoice) => {
    setChoice(next);
    setValue('production_Block', next.productionBlock ?? undefined, { shouldValidate: isSubmitted });
    setValue('packhouse', next.packhouse ?? undefined, { shouldValidate: isSubmitted });
  };

  const onSubmit = handleSubmit((values) => {
    const body = values as BinIntakeBody;
    // a day typed after today is kept as typed and refused with the rule's message (the server holds the same rule)
    const future = receivedDateProblem(body.received_Date, dayOf(new Date()));
    if (future) {
      setError('received_Date', { type: 'custom', message: future });
      return;
    }
    record.mutate(body, {
      onSuccess: (answer) => {
        toast.success(t('harvest.intake.recorded'), t('harvest.intake.recordedDetail', { count: answer.count }));
        reset({ count: undefined, received_Date: body.received_Date, tipped: false, tipped_Kgs: null, production_Block: body.production_Block, packhouse: body.packhouse });
      },
      onError: (e) => {
        const rest = isApiError(e) ? applyServerDetails(e.details, setError) : [];
        toast.error(t('harvest.intake.notRecorded'), isApiError(e) && e.details?.length ? [e.message, ...rest].join('\n') : errorText(e));
      },
    });
  });

  const fieldError = (name: keyof FormValues, fallback?: string) => {
    const error = errors[name];
    if (!error) return null;
    return fallback && error.type !== 'server' && error.type !== 'custom' ? fallback : (error.message ?? fallback ?? null);
  };

  return (
    <>
    <form className="harvest-card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="bin-intake-heading">
      <h2 id="bin-intake-heading">{t('harvest.intake.recordHeading')}</h2>
      <BlockPicker
        value={choice}
        onChange={choose}
        errors={{
          productionBlock: fieldError('production_Block', t('harvest.intake.chooseBlock')),
          packhouse: fieldError('packhouse', t('harvest.intake.choosePackhouse')),
        }}
      />
      <div className="harvest-filters">
        <Controller
          name="count"
          control={control}
          render={({ field, fieldState }) => (
            <div className="harvest-field">
              <label htmlFor="bin-count">{t('harvest.intake.count')}</label>
              <NumberTextInput
                culture={format.culture}
                id="bin-count"
                integer
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                onBlur={field.onBlur}
                invalid={!!fieldState.error}
                aria-describedby={fieldState.error ? 'bin-count-error' : undefined}
              />
              {fieldState.error && <small id="bin-count-error" className="field-error">{fieldState.error.message}</small>}
            </div>
          )}
        />
        <Controller
          name="received_Date"
          control={control}
          render={({ field, fieldState }) => (
            <div className="harvest-field">
              <label htmlFor="bin-received">{t('harvest.intake.receivedDate')}</label>
              <Calendar
                inputId="bin-received"
                value={fromDay(field.value)}
                onChange={(e) => field.onChange(e.value instanceof Date ? toDay(e.value) : undefined)}
                onBlur={field.onBlur}
                dateFormat={format.calendarDateFormat}
                showIcon
                invalid={!!fieldState.error}
                aria-describedby={fieldState.error ? 'bin-received-error' : undefined}
              />
              {fieldState.error && <small id="bin-received-error" className="field-error">{fieldState.error.message}</small>}
            </div>
          )}
        />
        <Controller
          name="tipped"
          control={control}
          render={({ field }) => (
            <div className="harvest-field harvest-field-checkbox">
              <Checkbox
                inputId="bin-tipped"
                checked={!!field.value}
                onChange={(e) => {
                  field.onChange(!!e.checked);
                  if (!e.checked) setValue('tipped_Kgs', null);
                }}
              />
              <label htmlFor="bin-tipped">{t('harvest.intake.tipped')}</label>
            </div>
          )}
        />
        <Controller
          name="tipped_Kgs"
          control={control}
          render={({ field, fieldState }) => (
            <div className="harvest-field">
              <label htmlFor="bin-tipped-kgs">{t('harvest.intake.tippedKgs')}</label>
              <NumberTextInput
                culture={format.culture}
                id="bin-tipped-kgs"
                value={field.value ?? null}
                onChange={(value) => field.onChange(value)}
                onBlur={field.onBlur}
                disabled={!tipped}
                invalid={!!fieldState.error}
                aria-describedby={fieldState.error ? 'bin-tipped-kgs-error' : undefined}
              />
              {fieldState.error && <small id="bin-tipped-kgs-error" className="field-error">{fieldState.error.message}</small>}
            </div>
          )}
        />
      </div>
      <div className="harvest-buttons">
        <Button type="submit" icon="pi pi-save" label={t('harvest.intake.record')} loading={record.isPending} disabled={record.isPending} />
        <Button
          type="button"
          icon="pi pi-inbox"
          label={t('harvest.intake.tip')}
          disabled={choice.productionBlock === null || choice.packhouse === null}
          onClick={() => setTipOpen(true)}
        />
      </div>
    </form>
    {/* outside the form: React events bubble through portals, the dialog's submit must not reach this form */}
    {tipOpen && choice.productionBlock !== null && choice.packhouse !== null && (
      <TipBinsDialog productionBlock={choice.productionBlock} packhouse={choice.packhouse} onHide={() => setTipOpen(false)} />
    )}
    </>
  );
}
