/** Water applied as a capture list: an amount in mm or m3 applied to a block on a day. */
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orchard/shared/core';
import {
  IRRIGATION_PATHS,
  WATER_UNITS,
  createWaterAppliedBodySchema,
  updateWaterAppliedBodySchema,
  waterAppliedResponseSchema,
  type WaterApplied,
  type WaterUnit,
} from '@orchard/shared/field-capture';
import type { CaptureFormProps, CaptureKind } from '../components/capture-kind';
import { today } from '../components/capture-times';
import { BlockPicker, ChoiceField, DateTimeField, NumberField, placeOf } from '../components/field-inputs';

interface WaterDraft {
  farmId: number | null;
  farmBlockId: number | null;
  appliedOn: string;
  amount: number | null;
  unit: WaterUnit | null;
}

function WaterForm({ draft, onChange, errors, blocks }: CaptureFormProps<WaterDraft>) {
  const { t } = useTranslation();
  const set = (patch: Partial<WaterDraft>) => onChange({ ...draft, ...patch });
  return (
    <>
      <BlockPicker
        idPrefix="water"
        blocks={blocks}
        farmId={draft.farmId}
        blockId={draft.farmBlockId}
        error={errors.farmBlockId}
        onChange={(farmId, farmBlockId) => set({ farmId, farmBlockId })}
      />
      <DateTimeField
        id="water-day"
        type="date"
        label={t('fieldCapture.irrigation.appliedOn')}
        value={draft.appliedOn}
        max={today()}
        error={errors.appliedOn}
        onChange={(appliedOn) => set({ appliedOn })}
      />
      <div className="capture-times">
        <NumberField id="water-amount" label={t('fieldCapture.irrigation.amount')} value={draft.amount} error={errors.amount} onChange={(amount) => set({ amount })} />
        <ChoiceField
          id="water-unit"
          label={t('fieldCapture.irrigation.unit')}
          value={draft.unit}
          options={WATER_UNITS.map((u) => ({ value: u, label: u }))}
          error={errors.unit}
          onChange={(unit) => set({ unit })}
        />
      </div>
    </>
  );
}

export const waterKind: CaptureKind<WaterApplied, WaterDraft> = {
  key: 'water-applied',
  listPath: IRRIGATION_PATHS.waterApplied,
  itemPath: IRRIGATION_PATHS.waterAppliedRecord,
  pageSchema: waterAppliedResponseSchema,
  createSchema: createWaterAppliedBodySchema,
  updateSchema: updateWaterAppliedBodySchema,
  viewPermission: PERMISSIONS.waterView,
  capturePermission: PERMISSIONS.irrigationCapture,
  importKind: 'waterApplied',
  texts: {
    section: 'fieldCapture.irrigation.waterTab',
    form: 'fieldCapture.irrigation.waterForm',
    list: 'fieldCapture.irrigation.waterList',
    caption: 'fieldCapture.irrigation.waterCaption',
    saved: 'fieldCapture.irrigation.waterSaved',
  },
  emptyDraft: (previous) => ({
    farmId: previous?.farmId ?? null,
    farmBlockId: previous?.farmBlockId ?? null,
    appliedOn: previous?.appliedOn ?? today(),
    amount: null,
    unit: previous?.unit ?? 'mm',
  }),
  fromRow: (row) => ({ farmId: row.farmId, farmBlockId: row.farmBlockId, appliedOn: row.appliedOn, amount: row.amount, unit: row.unit }),
  fromBody: (b) => ({
    farmId: null,
    farmBlockId: typeof b.farmBlockId === 'number' ? b.farmBlockId : null,
    appliedOn: String(b.appliedOn ?? ''),
    amount: typeof b.amount === 'number' ? b.amount : null,
    unit: WATER_UNITS.find((u) => u === b.unit) ?? null,
  }),
  toBody: (d) => ({ farmBlockId: d.farmBlockId, appliedOn: d.appliedOn, amount: d.amount, unit: d.unit }),
  summary: (b, blocks, format) =>
    [placeOf(b.farmBlockId, blocks), b.appliedOn ? format.day(String(b.appliedOn)) : '', `${typeof b.amount === 'number' ? format.number(b.amount) : ''} ${String(b.unit ?? '')}`]
      .filter(Boolean)
      .join(', '),
  rowName: (row, format) => `${row.blockName} ${format.day(row.appliedOn)}`,
  columns: [
    { header: 'fieldCapture.irrigation.appliedOn', body: (row, format) => format.day(row.appliedOn) },
    { header: 'fieldCapture.irrigation.amount', body: (row, format) => `${format.number(row.amount)} ${row.unit}`, className: 'num' },
  ],
  Form: WaterForm,
};
