/** Tensiometer readings as a capture list: a block's station, the tensiometer's depth and its kPa on a day. */
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orchard/shared/core';
import {
  IRRIGATION_PATHS,
  createTensiometerReadingBodySchema,
  tensiometerReadingsResponseSchema,
  updateTensiometerReadingBodySchema,
  type TensiometerReading,
} from '@orchard/shared/field-capture';
import type { CaptureFormProps, CaptureKind } from '../components/capture-kind';
import { today } from '../components/capture-times';
import { BlockPicker, DateTimeField, NumberField, TextField, placeOf } from '../components/field-inputs';

interface TensiometerDraft {
  farmId: number | null;
  farmBlockId: number | null;
  station: string;
  depthCm: number | null;
  kpa: number | null;
  readOn: string;
}

function TensiometerForm({ draft, onChange, errors, blocks }: CaptureFormProps<TensiometerDraft>) {
  const { t } = useTranslation();
  const set = (patch: Partial<TensiometerDraft>) => onChange({ ...draft, ...patch });
  return (
    <>
      <BlockPicker
        idPrefix="tensio"
        blocks={blocks}
        farmId={draft.farmId}
        blockId={draft.farmBlockId}
        error={errors.farmBlockId}
        onChange={(farmId, farmBlockId) => set({ farmId, farmBlockId })}
      />
      <DateTimeField id="tensio-day" type="date" label={t('fieldCapture.irrigation.readOn')} value={draft.readOn} max={today()} error={errors.readOn} onChange={(readOn) => set({ readOn })} />
      <TextField
        id="tensio-station"
        label={t('fieldCapture.irrigation.station')}
        value={draft.station}
        error={errors.station}
        onChange={(station) => set({ station })}
      />
      <div className="capture-times">
        <NumberField id="tensio-depth" integer label={t('fieldCapture.irrigation.depth')} value={draft.depthCm} error={errors.depthCm} onChange={(depthCm) => set({ depthCm })} />
        <NumberField id="tensio-kpa" label={t('fieldCapture.irrigation.kpa')} value={draft.kpa} error={errors.kpa} onChange={(kpa) => set({ kpa })} />
      </div>
    </>
  );
}

export const tensiometerKind: CaptureKind<TensiometerReading, TensiometerDraft> = {
  key: 'tensiometer-readings',
  listPath: IRRIGATION_PATHS.tensiometerReadings,
  itemPath: IRRIGATION_PATHS.tensiometerReading,
  pageSchema: tensiometerReadingsResponseSchema,
  createSchema: createTensiometerReadingBodySchema,
  updateSchema: updateTensiometerReadingBodySchema,
  viewPermission: PERMISSIONS.reportsTensio,
  capturePermission: PERMISSIONS.irrigationCapture,
  importKind: 'tensiometerReadings',
  texts: {
    section: 'fieldCapture.irrigation.tensioTab',
    form: 'fieldCapture.irrigation.tensioForm',
    list: 'fieldCapture.irrigation.tensioList',
    caption: 'fieldCapture.irrigation.tensioCaption',
    saved: 'fieldCapture.irrigation.tensioSaved',
  },
  // the next reading is usually the same block's next station or depth on the same day
  emptyDraft: (previous) => ({
    farmId: previous?.farmId ?? null,
    farmBlockId: previous?.farmBlockId ?? null,
    station: previous?.station ?? '',
    depthCm: previous?.depthCm ?? null,
    kpa: null,
    readOn: previous?.readOn ?? today(),
  }),
  fromRow: (row) => ({ farmId: row.farmId, farmBlockId: row.farmBlockId, station: row.station, depthCm: row.depthCm, kpa: row.kpa, readOn: row.readOn }),
  fromBody: (b) => ({
    farmId: null,
    farmBlockId: typeof b.farmBlockId === 'number' ? b.farmBlockId : null,
    station: String(b.station ?? ''),
    depthCm: typeof b.depthCm === 'number' ? b.depthCm : null,
    kpa: typeof b.kpa === 'number' ? b.kpa : null,
    readOn: String(b.readOn ?? ''),
  }),
  toBody: (d) => ({ farmBlockId: d.farmBlockId, station: d.station, depthCm: d.depthCm, kpa: d.kpa, readOn: d.readOn }),
  summary: (b, blocks, format) =>
    [placeOf(b.farmBlockId, blocks), b.readOn ? format.day(String(b.readOn)) : '', `${String(b.station ?? '')} ${String(b.depthCm ?? '')} cm`, `${typeof b.kpa === 'number' ? format.number(b.kpa) : ''} kPa`]
      .filter(Boolean)
      .join(', '),
  rowName: (row, format) => `${row.blockName} ${row.station} ${format.day(row.readOn)}`,
  columns: [
    { header: 'fieldCapture.irrigation.readOn', body: (row, format) => format.day(row.readOn) },
    { header: 'fieldCapture.irrigation.station', body: (row) => row.station },
    { header: 'fieldCapture.irrigation.depth', body: (row, format) => format.number(row.depthCm), className: 'num' },
    { header: 'fieldCapture.irrigation.kpa', body: (row, format) => format.number(row.kpa), className: 'num' },
  ],
  Form: TensiometerForm,
};
