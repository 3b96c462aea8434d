/**
 * Trap inspections as a capture list: the day a trap was emptied and how many of its pest it held.
 * The trap is chosen among the traps of the chosen block that hang on the inspection day; an
 * inspection stays with its trap when it is edited.
 */
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, isCalendarDay } from '@orchard/shared/core';
import {
  TRAPS_PATHS,
  createTrapInspectionBodySchema,
  trapInspectionsResponseSchema,
  trapsResponseSchema,
  updateTrapInspectionBodySchema,
  type TrapInspection,
} from '@orchard/shared/field-capture';
import { useFieldList } from '../api/field-records';
import type { CaptureFormProps, CaptureKind } from '../components/capture-kind';
import { today } from '../components/capture-times';
import { BlockPicker, ChoiceField, DateTimeField, NumberField, TextField } from '../components/field-inputs';
import { trapTypeName } from './trap-kind';

interface InspectionDraft {
  farmId: number | null;
  /** chooses among the block's traps; not sent */
  farmBlockId: number | null;
  trapId: number | null;
  inspectedOn: string;
  count: number | null;
  note: string;
}

const TRAP_CHOICES = 100;

function InspectionForm({ draft, onChange, errors, blocks, editingRow }: CaptureFormProps<InspectionDraft>) {
  const { t } = useTranslation();
  const set = (patch: Partial<InspectionDraft>) => onChange({ ...draft, ...patch });
  const day = isCalendarDay(draft.inspectedOn) ? draft.inspectedOn : today();
  const traps = useFieldList(
    TRAPS_PATHS.traps,
    trapsResponseSchema,
    { farmId: null, blockId: draft.farmBlockId, from: day, to: day, page: 1, pageSize: TRAP_CHOICES },
    draft.farmBlockId !== null,
  );
  const options = (traps.data?.rows ?? []).map((trap) => ({ value: trap.id, label: `${trapTypeName(trap.trapType)}${trap.code ? ` ${trap.code}` : ''}` }));
  const noTraps = draft.farmBlockId !== null && traps.data !== undefined && options.length === 0 && !editingRow;
  return (
    <>
      <BlockPicker
        idPrefix="inspection"
        blocks={blocks}
        farmId={draft.farmId}
        blockId={draft.farmBlockId}
        disabled={editingRow}
        onChange={(farmId, farmBlockId) => set({ farmId, farmBlockId, trapId: farmBlockId === draft.farmBlockId ? draft.trapId : null })}
      />
      <DateTimeField
        id="inspection-day"
        type="date"
        label={t('fieldCapture.traps.inspectedOn')}
        value={draft.inspectedOn}
        max={today()}
        error={errors.inspectedOn}
        onChange={(inspectedOn) => set({ inspectedOn })}
      />
      <ChoiceField
        id="inspection-trap"
        label={t('fieldCapture.traps.trap')}
        value={draft.trapId}
        options={editingRow && options.length === 0 && draft.trapId !== null ? [{ value: draft.trapId, label: `#${draft.trapId}` }] : options}
        placeholder={noTraps ? t('fieldCapture.traps.noTraps') : t('fieldCapture.traps.chooseTrap')}
        error={errors.trapId}
        disabled={editingRow}
        onChange={(trapId) => set({ trapId })}
      />
      <NumberField id="inspection-count" integer label={t('fieldCapture.traps.count')} value={draft.count} error={errors.count} onChange={(count) => set({ count })} />
      <TextField id="inspection-note" label={t('fieldCapture.note')} value={draft.note} error={errors.note} onChange={(note) => set({ note })} />
    </>
  );
}

export const inspectionKind: CaptureKind<TrapInspection, InspectionDraft> = {
  key: 'trap-inspections',
  listPath: TRAPS_PATHS.inspections,
  itemPath: TRAPS_PATHS.inspection,
  pageSchema: trapInspectionsResponseSchema,
  createSchema: createTrapInspectionBodySchema,
  updateSchema: updateTrapInspectionBodySchema,
  viewPermission: PERMISSIONS.trapsView,
  capturePermission: PERMISSIONS.trapsCapture,
  importKind: 'trapInspections',
  texts: {
    section: 'fieldCapture.traps.inspectionsTab',
    form: 'fieldCapture.traps.inspectionForm',
    list: 'fieldCapture.traps.inspectionList',
    caption: 'fieldCapture.traps.inspectionCaption',
    saved: 'fieldCapture.traps.inspectionSaved',
  },
  emptyDraft: (previous) => ({
    farmId: previous?.farmId ?? null,
    farmBlockId: previous?.farmBlockId ?? null,
    trapId: null,
    inspectedOn: previous?.inspectedOn ?? today(),
    count: null,
    note: '',
  }),
  fromRow: (row) => ({ farmId: row.farmId, farmBlockId: row.farmBlockId, trapId: row.trapId, inspectedOn: row.inspectedOn, count: row.count, note: row.note ?? '' }),
  fromBody: (b) => ({
    farmId: null,
    farmBlockId: null,
    trapId: typeof b.trapId === 'number' ? b.trapId : null,
    inspectedOn: String(b.inspectedOn ?? ''),
    count: typeof b.count === 'number' ? b.count : null,
    note: typeof b.note === 'string' ? b.note : '',
  }),
  toBody: (d) => ({ trapId: d.trapId, inspectedOn: d.inspectedOn, count: d.count, note: d.note.trim() === '' ? null : d.note }),
  summary: (b, _blocks, format, t) =>
    [`${t('fieldCapture.traps.trap')} #${String(b.trapId ?? '')}`, b.inspectedOn ? format.day(String(b.inspectedOn)) : '', `${t('fieldCapture.traps.count')} ${String(b.count ?? '')}`]
      .filter(Boolean)
      .join(', '),
  rowName: (row, format) => `${trapTypeName(row.trapType)} ${row.trapCode ?? ''} ${format.day(row.inspectedOn)}`.replace(/\s+/g, ' ').trim(),
  columns: [
    { header: 'fieldCapture.traps.inspectedOn', body: (row, format) => format.day(row.inspectedOn) },
    { header: 'fieldCapture.traps.trap', body: (row) => `${trapTypeName(row.trapType)}${row.trapCode ? ` ${row.trapCode}` : ''}` },
    { header: 'fieldCapture.traps.count', body: (row, format) => format.number(row.count), className: 'num' },
    { header: 'fieldCapture.note', body: (row) => row.note ?? '' },
  ],
  Form: InspectionForm,
};
