/** Tip bins: the oldest waiting bins of the chosen block at the chosen packhouse, with their total kgs. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { binTippingBodySchema, type BinTippingBody } from '@orchard/shared/harvest';
import { EditorDialog, useDiscardGuard } from '../../../components/discard-guard';
import { NumberTextInput } from '../../../components/number-text-input';
import { errorText, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useTipBins } from '../api/tip-bins';
import { useFormatters } from '../../../lib/use-formatters';

type FormValues = Partial<BinTippingBody>;

export function TipBinsDialog({ productionBlock, packhouse, onHide }: { productionBlock: number; packhouse: number; onHide: () => void }) {
  const { t } = useTranslation();
  const { culture } = useFormatters();
  const tip = useTipBins();
  const { control, handleSubmit, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(binTippingBodySchema) as never,
    defaultValues: { production_Block: productionBlock, packhouse, count: undefined, tipped_Kgs: undefined },
  });
  // typed figures are not lost to an Escape or the X: closing with them asks first
  const guard = useDiscardGuard(formState.isDirty && !tip.isPending, onHide);

  const onSubmit = handleSubmit((values) => {
    tip.mutate(values as BinTippingBody, {
      onSuccess: (answer) => {
        toast.success(t('harvest.intake.tippedToast'), t('harvest.intake.tippedDetail', { count: answer.tipped, waiting: answer.not_Tipped }));
        onHide();
      },
      onError: (e) => {
        for (const d of (isApiError(e) && e.details) || []) {
          if (d.field === 'count' || d.field === 'tipped_Kgs') setError(d.field as FieldPath<FormValues>, { type: 'server', message: d.message });
        }
        toast.error(t('harvest.intake.notTipped'), errorText(e));
      },
    });
  });

  const numberField = (name: 'count' | 'tipped_Kgs', label: string, decimals: number) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <div className="harvest-field">
          <label htmlFor={`tip-${name}`}>{label}</label>
          <NumberTextInput
            culture={culture}
            id={`tip-${name}`}
            integer={decimals === 0}
            value={field.value ?? null}
            onChange={(value) => field.onChange(value ?? undefined)}
            onBlur={field.onBlur}
            invalid={!!fieldState.error}
            aria-describedby={fieldState.error ? `tip-${name}-error` : undefined}
          />
          {fieldState.error && <small id={`tip-${name}-error`} className="field-error">{fieldState.error.message}</small>}
        </div>
      )}
    />
  );

  return (
    <EditorDialog guard={guard} header={t('harvest.intake.tipHeading')} visible modal style={{ width: '30rem', maxWidth: '95vw' }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="harvest-tip-form">
        {numberField('count', t('harvest.intake.count'), 0)}
        {numberField('tipped_Kgs', t('harvest.intake.tippedKgs'), 2)}
        <div className="harvest-buttons">
          <Button type="submit" icon="pi pi-check" label={t('harvest.intake.tip')} loading={tip.isPending} disabled={tip.isPending} />
          <Button type="button" label={t('harvest.intake.close')} className="p-button-text" onClick={guard.requestClose} />
        </div>
      </form>
    </EditorDialog>
  );
}
