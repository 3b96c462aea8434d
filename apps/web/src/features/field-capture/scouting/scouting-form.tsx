/**
 * The scouting session form: block, day, start and end time, then one card per observation: the
 * observation point, the pest or disease, and a count or present / not present as the catalogue
 * measures it, with an optional note. Numbers are typed as text with the phone's number pad.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { SCOUTING_PESTS, scoutingPestOf } from '@orchard/shared/field-capture';
import { FormField } from '../../../components/field-error';
import { NumberTextInput } from '../../../components/number-text-input';
import type { CaptureFormProps } from '../components/capture-kind';
import { today } from '../components/capture-times';
import { BlockPicker, ChoiceField, DateTimeField, errorProps } from '../components/field-inputs';
import { PresenceChoice } from '../components/presence-choice';
import { newObservation, type ObservationDraft, type ScoutingDraft } from './scouting-draft';
import { useFormatters } from '../../../lib/use-formatters';

export function ScoutingForm({ draft, onChange, errors, blocks }: CaptureFormProps<ScoutingDraft>) {
  const { t } = useTranslation();
  const { culture } = useFormatters();
  const set = (patch: Partial<ScoutingDraft>) => onChange({ ...draft, ...patch });
  const setObservation = (index: number, patch: Partial<ObservationDraft>) =>
    set({ observations: draft.observations.map((o, i) => (i === index ? { ...o, ...patch } : o)) });
  const pestOptions = SCOUTING_PESTS.map((p) => ({ value: p.key as string, label: p.name }));
  const last = draft.observations.at(-1);

  return (
    <>
      <BlockPicker
        idPrefix="scouting"
        blocks={blocks}
        farmId={draft.farmId}
        blockId={draft.farmBlockId}
        error={errors.farmBlockId}
        onChange={(farmId, farmBlockId) => set({ farmId, farmBlockId })}
      />
      <DateTimeField id="scouting-day" type="date" label={t('fieldCapture.day')} value={draft.day} max={today()} onChange={(day) => set({ day })} />
      <div className="capture-times">
        <DateTimeField
          id="scouting-start"
          type="time"
          label={t('fieldCapture.scouting.start')}
          value={draft.start}
          error={errors.startedAt}
          onChange={(start) => set({ start })}
        />
        <DateTimeField
          id="scouting-end"
          type="time"
          label={t('fieldCapture.scouting.end')}
          value={draft.end}
          error={errors.endedAt}
          hint={t('fieldCapture.scouting.endHint')}
          onChange={(end) => set({ end })}
        />
      </div>

      <fieldset className="observations">
        <legend>{t('fieldCapture.scouting.observations')}</legend>
        {errors.observations && (
          <small className="p-error field-error" role="alert">
            {errors.observations}
          </small>
        )}
        {draft.observations.map((o, i) => {
          const id = `scouting-obs-${o.key}`;
          const e = (field: string) => errors[`observations.${i}.${field}`];
          const measure = o.pest ? scoutingPestOf(o.pest)?.measure : undefined;
          return (
            <fieldset key={o.key} className="observation-card">
              <legend>{t('fieldCapture.scouting.observationN', { n: i + 1 })}</legend>
              <div className="observation-row">
                <FormField id={`${id}-point`} label={t('fieldCapture.scouting.point')} error={e('pointNumber')} className="field point-field">
                  <NumberTextInput
                    culture={culture}
                    id={`${id}-point`}
                    integer
                    value={o.pointNumber}
                    onChange={(pointNumber) => setObservation(i, { pointNumber })}
                    {...errorProps(`${id}-point`, e('pointNumber'))}
                  />
                </FormField>
                <ChoiceField
                  id={`${id}-pest`}
                  label={t('fieldCapture.scouting.pest')}
                  value={o.pest}
                  options={pestOptions}
                  placeholder={t('fieldCapture.scouting.choosePest')}
                  error={e('pest')}
                  onChange={(pest) => setObservation(i, { pest, count: null, present: null })}
                />
              </div>
              {measure === 'count' && (
                <FormField id={`${id}-count`} label={t('fieldCapture.scouting.count')} error={e('count')}>
                  <NumberTextInput id={`${id}-count`} integer culture={culture} value={o.count} onChange={(count) => setObservation(i, { count })} {...errorProps(`${id}-count`, e('count'))} />
                </FormField>
              )}
              {measure === 'presence' && (
                <PresenceChoice
                  id={`${id}-present`}
                  label={t('fieldCapture.scouting.presentLabel')}
                  value={o.present}
                  error={e('present')}
                  onChange={(present) => setObservation(i, { present })}
                />
              )}
              <FormField id={`${id}-note`} label={t('fieldCapture.note')} error={e('note')}>
                <InputText id={`${id}-note`} value={o.note} onChange={(ev) => setObservation(i, { note: ev.target.value })} />
              </FormField>
              <Button
                type="button"
                icon="pi pi-trash"
                text
                severity="danger"
                label={t('fieldCapture.scouting.removeObservation')}
                aria-label={t('fieldCapture.scouting.removeObservationN', { n: i + 1 })}
                onClick={() => set({ observations: draft.observations.filter((_, j) => j !== i) })}
              />
            </fieldset>
          );
        })}
        <div className="observation-buttons">
          <Button
            type="button"
            icon="pi pi-plus"
            outlined
            label={t('fieldCapture.scouting.addObservation')}
            onClick={() => set({ observations: [...draft.observations, newObservation(last?.pointNumber ?? 1)] })}
          />
          <Button
            type="button"
            icon="pi pi-arrow-right"
            outlined
            label={t('fieldCapture.scouting.nextPoint')}
            onClick={() => set({ observations: [...draft.observations, newObservation(last?.pointNumber ? last.pointNumber + 1 : 1)] })}
          />
        </div>
      </fieldset>
    </>
  );
}
