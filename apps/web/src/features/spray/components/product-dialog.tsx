/**
 * Add or edit a spray product: name, registration number, formulation, active ingredients (name and
 * concentration), target pests, the local withholding days and the days per export market (a market
 * chosen from the organisation's, each once). The form is checked with the shared product rules
 * before it is sent, and the server's refusals land on their fields; nothing is saved while a rule
 * is broken. An edit someone else saved first (412) says so.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SPRAY_FORMULATIONS, sprayProductBodySchema, type ExportMarket, type SprayProduct, type SprayProductBody } from '@orchard/shared/spray';
import { EditorDialog, useDiscardGuard } from '../../../components/discard-guard';
import { FieldError, FormField } from '../../../components/field-error';
import { labelledDropdownPt } from '../../../components/filter-fields';
import { errorText, hasReason, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSaveProduct } from '../api/save-product';

interface FormValues {
  name: string;
  registrationNumber: string;
  formulation: string | null;
  activeIngredients: { name: string; concentration: string }[];
  targetPests: string[];
  /** as typed: whole days are checked by the shared rule */
  localWithholdingDays: string;
  marketWithholding: { market: string | null; days: string }[];
}

const valuesOf = (p: SprayProduct | null): FormValues => ({
  name: p?.name ?? '',
  registrationNumber: p?.registrationNumber ?? '',
  formulation: p?.formulation ?? null,
  activeIngredients: p?.activeIngredients.map((a) => ({ ...a })) ?? [],
  targetPests: p?.targetPests ?? [],
  localWithholdingDays: p ? String(p.localWithholdingDays) : '',
  marketWithholding: p?.marketWithholding.map((m) => ({ market: m.market, days: String(m.days) })) ?? [],
});

/** A typed day count as the rule reads it: blank or not a number is NaN (the days rule's message). */
const daysOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

const bodyOf = (v: FormValues) => ({
  name: v.name,
  registrationNumber: v.registrationNumber,
  formulation: v.formulation ?? '',
  activeIngredients: v.activeIngredients,
  targetPests: v.targetPests,
  localWithholdingDays: daysOf(v.localWithholdingDays),
  marketWithholding: v.marketWithholding.map((m) => ({ market: m.market ?? '', days: daysOf(m.days) })),
});

interface Props {
  product: SprayProduct | null;
  markets: ExportMarket[];
  onHide: () => void;
}

export function ProductDialog({ product, markets, onHide }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const formId = `spray-product-form-${id}`;
  const fid = (name: string) => `${id}-${name}`;
  const initial = useMemo(() => valuesOf(product), [product]);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const save = useSaveProduct();
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const guard = useDiscardGuard(dirty, onHide);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const marketOptions = markets.map((m) => ({ label: m.name, value: m.name }));
  const formulationOptions = SPRAY_FORMULATIONS.map((f) => ({ label: `${f.code}: ${f.name}`, value: f.code }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = sprayProductBodySchema.safeParse(bodyOf(values));
    if (!read.success) {
      const found: Record<string, string> = {};
      for (const issue of read.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: product?.id ?? null, version: product?.version ?? 1, body: bodyOf(values) as SprayProductBody });
      toast.success(t('spray.success'), t('spray.saved', { name: saved.name }));
      onHide();
    } catch (e) {
      if (hasReason(e, 'spray-product-stale')) setStale(true);
      if (isApiError(e)) {
        const found: Record<string, string> = {};
        for (const d of e.details ?? []) found[d.field] ??= d.message;
        if (hasReason(e, 'spray-product-name-taken')) found.name = e.message;
        setErrors(found);
      }
      toast.error(t('spray.notSaved'), errorText(e));
    }
  };

  const error = (path: string) => errors[path];
  const describedBy = (path: string, name: string) => (errors[path] ? `${fid(name)}-error` : undefined);

  const footer = (
    <div className="dialog-footer">
      <Button type="button" label={t('spray.dialog.cancel')} outlined onClick={guard.requestClose} disabled={save.isPending} />
      <Button type="submit" form={formId} label={t('spray.dialog.save')} loading={save.isPending} disabled={save.isPending || stale} />
    </div>
  );

  return (
    <EditorDialog guard={guard} header={t(product ? 'spray.dialog.editTitle' : 'spray.dialog.addTitle')} visible footer={footer} className="spray-dialog" modal>
      {stale && <Message severity="warn" text={t('spray.dialog.stale')} className="spray-stale" />}
      <form id={formId} className="spray-form" noValidate onSubmit={(e) => void submit(e)}>
        <FormField id={fid('name')} label={t('spray.dialog.name')} error={error('name')}>
          <InputText id={fid('name')} value={values.name} onChange={(e) => set('name', e.target.value)} invalid={!!error('name')} aria-describedby={describedBy('name', 'name')} />
        </FormField>
        <div className="spray-pair">
          <FormField id={fid('registration')} label={t('spray.dialog.registrationNumber')} error={error('registrationNumber')}>
            <InputText
              id={fid('registration')}
              value={values.registrationNumber}
              onChange={(e) => set('registrationNumber', e.target.value)}
              invalid={!!error('registrationNumber')}
              aria-describedby={describedBy('registrationNumber', 'registration')}
            />
          </FormField>
          <FormField id={fid('formulation')} label={t('spray.dialog.formulation')} error={error('formulation')}>
            <Dropdown
              inputId={fid('formulation')}
              value={values.formulation}
              options={formulationOptions}
              onChange={(e) => set('formulation', e.value as string)}
              placeholder={t('spray.dialog.chooseFormulation')}
              invalid={!!error('formulation')}
              pt={{ ...labelledDropdownPt, input: (error('formulation') ? { 'aria-describedby': `${fid('formulation')}-error` } : {}) as never }}
            />
          </FormField>
        </div>

        <fieldset className="spray-group">
          <legend>{t('spray.dialog.ingredients')}</legend>
          {values.activeIngredients.length === 0 && <p className="spray-hint">{t('spray.dialog.noIngredients')}</p>}
          {values.activeIngredients.map((a, i) => {
            const n = i + 1;
            const update = (patch: Partial<typeof a>) => set('activeIngredients', values.activeIngredients.map((x, j) => (j === i ? { ...x, ...patch } : x)));
            return (
              <div className="spray-row" key={i}>
                <div className="spray-row-field">
                  <InputText value={a.name} onChange={(e) => update({ name: e.target.value })} aria-label={t('spray.dialog.ingredientName', { n })} invalid={!!error(`activeIngredients.${i}.name`)} />
                  <FieldError message={error(`activeIngredients.${i}.name`)} />
                </div>
                <div className="spray-row-field">
                  <InputText
                    value={a.concentration}
                    onChange={(e) => update({ concentration: e.target.value })}
                    placeholder={t('spray.dialog.concentrationPlaceholder')}
                    aria-label={t('spray.dialog.concentration', { n })}
                  />
                  <FieldError message={error(`activeIngredients.${i}.concentration`)} />
                </div>
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  severity="danger"
                  aria-label={t('spray.dialog.removeIngredient', { n })}
                  onClick={() => set('activeIngredients', values.activeIngredients.filter((_, j) => j !== i))}
                />
              </div>
            );
          })}
          <Button type="button" icon="pi pi-plus" label={t('spray.dialog.addIngredient')} text onClick={() => set('activeIngredients', [...values.activeIngredients, { name: '', concentration: '' }])} />
        </fieldset>

        <fieldset className="spray-group">
          <legend>{t('spray.dialog.pests')}</legend>
          {values.targetPests.length === 0 && <p className="spray-hint">{t('spray.dialog.noPests')}</p>}
          {values.targetPests.map((pest, i) => {
            const n = i + 1;
            return (
              <div className="spray-row spray-row-single" key={i}>
                <div className="spray-row-field">
                  <InputText
                    value={pest}
                    onChange={(e) => set('targetPests', values.targetPests.map((x, j) => (j === i ? e.target.value : x)))}
                    aria-label={t('spray.dialog.pest', { n })}
                    invalid={!!error(`targetPests.${i}`)}
                  />
                  <FieldError message={error(`targetPests.${i}`)} />
                </div>
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  severity="danger"
                  aria-label={t('spray.dialog.removePest', { n })}
                  onClick={() => set('targetPests', values.targetPests.filter((_, j) => j !== i))}
                />
              </div>
            );
          })}
          <FieldError message={error('targetPests')} />
          <Button type="button" icon="pi pi-plus" label={t('spray.dialog.addPest')} text onClick={() => set('targetPests', [...values.targetPests, ''])} />
        </fieldset>

        <FormField id={fid('local')} label={t('spray.dialog.localDays')} error={error('localWithholdingDays')}>
          <InputText
            id={fid('local')}
            value={values.localWithholdingDays}
            inputMode="numeric"
            onChange={(e) => set('localWithholdingDays', e.target.value)}
            invalid={!!error('localWithholdingDays')}
            aria-describedby={describedBy('localWithholdingDays', 'local')}
            className="spray-days"
          />
          <small className="spray-hint">{t('spray.dialog.daysHint')}</small>
        </FormField>

        <fieldset className="spray-group">
          <legend>{t('spray.dialog.marketDays')}</legend>
          {markets.length === 0 && values.marketWithholding.length === 0 ? (
            <p className="spray-hint">{t('spray.dialog.noMarkets')}</p>
          ) : (
            values.marketWithholding.length === 0 && <p className="spray-hint">{t('spray.dialog.noMarketEntries')}</p>
          )}
          {values.marketWithholding.map((m, i) => {
            const n = i + 1;
            const update = (patch: Partial<typeof m>) => set('marketWithholding', values.marketWithholding.map((x, j) => (j === i ? { ...x, ...patch } : x)));
            const taken = new Set(values.marketWithholding.filter((_, j) => j !== i).map((x) => x.market));
            return (
              <div className="spray-row" key={i}>
                <div className="spray-row-field">
                  <label htmlFor={fid(`market-${i}`)} className="visually-hidden">
                    {t('spray.dialog.market', { n })}
                  </label>
                  <Dropdown
                    inputId={fid(`market-${i}`)}
                    value={m.market}
                    options={marketOptions.filter((o) => !taken.has(o.value))}
                    onChange={(e) => update({ market: e.value as string })}
                    placeholder={t('spray.dialog.chooseMarket')}
                    invalid={!!error(`marketWithholding.${i}.market`)}
                    pt={labelledDropdownPt}
                  />
                  <FieldError message={error(`marketWithholding.${i}.market`)} />
                </div>
                <div className="spray-row-field">
                  <InputText
                    value={m.days}
                    inputMode="numeric"
                    onChange={(e) => update({ days: e.target.value })}
                    aria-label={t('spray.dialog.days', { n })}
                    invalid={!!error(`marketWithholding.${i}.days`)}
                    className="spray-days"
                  />
                  <FieldError message={error(`marketWithholding.${i}.days`)} />
                </div>
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  severity="danger"
                  aria-label={t('spray.dialog.removeMarket', { n })}
                  onClick={() => set('marketWithholding', values.marketWithholding.filter((_, j) => j !== i))}
                />
              </div>
            );
          })}
          {markets.length > values.marketWithholding.length && (
            <Button
              type="button"
              icon="pi pi-plus"
              label={t('spray.dialog.addMarket')}
              text
              onClick={() => set('marketWithholding', [...values.marketWithholding, { market: null, days: '' }])}
            />
          )}
        </fieldset>
      </form>
    </EditorDialog>
  );
}
