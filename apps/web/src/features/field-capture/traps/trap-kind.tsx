/**
 * Traps as a capture list: a trap placed in a block (type, lure, its code, where it hangs, from and
 * until when). The position comes from the phone's location when the person asks for it.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orchard/shared/core';
import {
  TRAPS_PATHS,
  TRAP_LURES,
  TRAP_TYPES,
  createTrapBodySchema,
  trapsResponseSchema,
  updateTrapBodySchema,
  type Trap,
} from '@orchard/shared/field-capture';
import type { CaptureFormProps, CaptureKind } from '../components/capture-kind';
import { today } from '../components/capture-times';
import { BlockPicker, ChoiceField, DateTimeField, NumberField, TextField, placeOf } from '../components/field-inputs';

interface TrapDraft {
  farmId: number | null;
  farmBlockId: number | null;
  trapType: string | null;
  lure: string | null;
  code: string;
  lat: number | null;
  lng: number | null;
  activeFrom: string;
  activeTo: string;
}

export const trapTypeName = (key: unknown) => TRAP_TYPES.find((x) => x.key === key)?.name ?? String(key ?? '');
export const lureName = (key: unknown) => TRAP_LURES.find((x) => x.key === key)?.name ?? String(key ?? '');
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function TrapForm({ draft, onChange, errors, blocks }: CaptureFormProps<TrapDraft>) {
  const { t } = useTranslation();
  const [locating, setLocating] = useState(false);
  const [positionError, setPositionError] = useState('');
  const set = (patch: Partial<TrapDraft>) => onChange({ ...draft, ...patch });
  const locate = () => {
    if (!('geolocation' in navigator)) return setPositionError(t('fieldCapture.traps.positionFailed'));
    setLocating(true);
    setPositionError('');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        set({ lat: round6(p.coords.latitude), lng: round6(p.coords.longitude) });
      },
      () => {
        setLocating(false);
        setPositionError(t('fieldCapture.traps.positionFailed'));
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return (
    <>
      <BlockPicker
        idPrefix="trap"
        blocks={blocks}
        farmId={draft.farmId}
        blockId={draft.farmBlockId}
        error={errors.farmBlockId}
        onChange={(farmId, farmBlockId) => set({ farmId, farmBlockId })}
      />
      <ChoiceField
        id="trap-type"
        label={t('fieldCapture.traps.type')}
        value={draft.trapType}
        options={TRAP_TYPES.map((x) => ({ value: x.key as string, label: x.name }))}
        placeholder={t('fieldCapture.traps.chooseType')}
        error={errors.trapType}
        onChange={(trapType) => set({ trapType })}
      />
      <ChoiceField
        id="trap-lure"
        label={t('fieldCapture.traps.lure')}
        value={draft.lure}
        options={TRAP_LURES.map((x) => ({ value: x.key as string, label: x.name }))}
        placeholder={t('fieldCapture.traps.chooseLure')}
        error={errors.lure}
        onChange={(lure) => set({ lure })}
      />
      <TextField id="trap-code" label={t('fieldCapture.traps.code')} value={draft.code} error={errors.code} onChange={(code) => set({ code })} />
      <div className="capture-times">
        <NumberField id="trap-lat" label={t('fieldCapture.traps.latitude')} value={draft.lat} error={errors.lat} onChange={(lat) => set({ lat })} />
        <NumberField id="trap-lng" label={t('fieldCapture.traps.longitude')} value={draft.lng} error={errors.lng} onChange={(lng) => set({ lng })} />
      </div>
      <Button type="button" icon="pi pi-map-marker" outlined label={t('fieldCapture.traps.usePosition')} loading={locating} onClick={locate} />
      {positionError && (
        <small className="p-error field-error" role="alert">
          {positionError}
        </small>
      )}
      <div className="capture-times">
        <DateTimeField
          id="trap-from"
          type="date"
          label={t('fieldCapture.traps.activeFrom')}
          value={draft.activeFrom}
          error={errors.activeFrom}
          onChange={(activeFrom) => set({ activeFrom })}
        />
        <DateTimeField
          id="trap-to"
          type="date"
          label={t('fieldCapture.traps.activeTo')}
          value={draft.activeTo}
          error={errors.activeTo}
          hint={t('fieldCapture.traps.activeToHint')}
          onChange={(activeTo) => set({ activeTo })}
        />
      </div>
    </>
  );
}

export const trapKind: CaptureKind<Trap, TrapDraft> = {
  key: 'traps',
  listPath: TRAPS_PATHS.traps,
  itemPath: TRAPS_PATHS.trap,
  pageSchema: trapsResponseSchema,
  createSchema: createTrapBodySchema,
  updateSchema: updateTrapBodySchema,
  viewPermission: PERMISSIONS.trapsView,
  capturePermission: PERMISSIONS.trapsCapture,
  importKind: 'traps',
  texts: {
    section: 'fieldCapture.traps.trapsTab',
    form: 'fieldCapture.traps.form',
    list: 'fieldCapture.traps.list',
    caption: 'fieldCapture.traps.tableCaption',
    saved: 'fieldCapture.traps.saved',
  },
  emptyDraft: (previous) => ({
    farmId: previous?.farmId ?? null,
    farmBlockId: previous?.farmBlockId ?? null,
    trapType: previous?.trapType ?? null,
    lure: previous?.lure ?? null,
    code: '',
    lat: null,
    lng: null,
    activeFrom: today(),
    activeTo: '',
  }),
  fromRow: (row) => ({
    farmId: row.farmId,
    farmBlockId: row.farmBlockId,
    trapType: row.trapType,
    lure: row.lure,
    code: row.code ?? '',
    lat: row.lat,
    lng: row.lng,
    activeFrom: row.activeFrom,
    activeTo: row.activeTo ?? '',
  }),
  fromBody: (b) => ({
    farmId: null,
    farmBlockId: typeof b.farmBlockId === 'number' ? b.farmBlockId : null,
    trapType: typeof b.trapType === 'string' ? b.trapType : null,
    lure: typeof b.lure === 'string' ? b.lure : null,
    code: typeof b.code === 'string' ? b.code : '',
    lat: typeof b.lat === 'number' ? b.lat : null,
    lng: typeof b.lng === 'number' ? b.lng : null,
    activeFrom: String(b.activeFrom ?? ''),
    activeTo: typeof b.activeTo === 'string' ? b.activeTo : '',
  }),
  toBody: (d) => ({
    farmBlockId: d.farmBlockId,
    trapType: d.trapType,
    lure: d.lure,
    code: d.code,
    lat: d.lat,
    lng: d.lng,
    activeFrom: d.activeFrom,
    activeTo: d.activeTo === '' ? null : d.activeTo,
  }),
  summary: (b, blocks, format) =>
    [placeOf(b.farmBlockId, blocks), trapTypeName(b.trapType), b.code ? String(b.code) : '', b.activeFrom ? format.day(String(b.activeFrom)) : ''].filter(Boolean).join(', '),
  rowName: (row) => `${trapTypeName(row.trapType)} ${row.code ?? ''} ${row.blockName}`.replace(/\s+/g, ' ').trim(),
  columns: [
    { header: 'fieldCapture.traps.type', body: (row) => trapTypeName(row.trapType) },
    { header: 'fieldCapture.traps.lure', body: (row) => lureName(row.lure) },
    { header: 'fieldCapture.traps.code', body: (row) => row.code ?? '' },
    { header: 'fieldCapture.traps.activeFrom', body: (row, format) => format.day(row.activeFrom) },
    { header: 'fieldCapture.traps.activeTo', body: (row, format) => (row.activeTo ? format.day(row.activeTo) : '') },
    { header: 'fieldCapture.traps.lastInspected', body: (row, format) => (row.lastInspectedOn ? format.day(row.lastInspectedOn) : '') },
  ],
  Form: TrapForm,
};
