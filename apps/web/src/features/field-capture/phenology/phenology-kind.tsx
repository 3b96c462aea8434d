/** Phenology as a capture list: on a day, the share of a block's trees at one stage of the season. */
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orchard/shared/core';
import {
  PHENOLOGY_PATHS,
  PHENOLOGY_STAGES,
  createPhenologyObservationBodySchema,
  phenologyObservationsResponseSchema,
  updatePhenologyObservationBodySchema,
  type PhenologyObservation,
} from '@orchard/shared/field-capture';
import type { CaptureFormProps, CaptureKind } from '../components/capture-kind';
import { today } from '../components/capture-times';
import { BlockPicker, ChoiceField, DateTimeField, NumberField, placeOf } from '../components/field-inputs';

interface PhenologyDraft {
  farmId: number | null;
  farmBlockId: number | null;
  observedOn: string;
  stage: string | null;
  percentOfTrees: number | null;
}

const stageName = (key: unknown) => PHENOLOGY_STAGES.find((s) => s.key === key)?.name ?? String(key ?? '');

function PhenologyForm({ draft, onChange, errors, blocks }: CaptureFormProps<PhenologyDraft>) {
  const { t } = useTranslation();
  const set = (patch: Partial<PhenologyDraft>) => onChange({ ...draft, ...patch });
  return (
    <>
      <BlockPicker
        idPrefix="phenology"
        blocks={blocks}
        farmId={draft.farmId}
        blockId={draft.farmBlockId}
        error={errors.farmBlockId}
        onChange={(farmId, farmBlockId) => set({ farmId, farmBlockId })}
      />
      <DateTimeField
        id="phenology-day"
        type="date"
        label={t('fieldCapture.phenology.observedOn')}
        value={draft.observedOn}
        max={today()}
        error={errors.observedOn}
        onChange={(observedOn) => set({ observedOn })}
      />
      <ChoiceField
        id="phenology-stage"
        label={t('fieldCapture.phenology.stage')}
        value={draft.stage}
        options={PHENOLOGY_STAGES.map((s) => ({ value: s.key as string, label: s.name }))}
        placeholder={t('fieldCapture.phenology.chooseStage')}
        error={errors.stage}
        onChange={(stage) => set({ stage })}
      />
      <NumberField
        id="phenology-percent"
        label={t('fieldCapture.phenology.percent')}
        value={draft.percentOfTrees}
        error={errors.percentOfTrees}
        onChange={(percentOfTrees) => set({ percentOfTrees })}
      />
    </>
  );
}

export const phenologyKind: CaptureKind<PhenologyObservation, PhenologyDraft> = {
  key: 'phenology-observations',
  listPath: PHENOLOGY_PATHS.observations,
  itemPath: PHENOLOGY_PATHS.observation,
  pageSchema: phenologyObservationsResponseSchema,
  createSchema: createPhenologyObservationBodySchema,
  updateSchema: updatePhenologyObservationBodySchema,
  viewPermission: PERMISSIONS.phenologyView,
  capturePermission: PERMISSIONS.phenologyCapture,
  importKind: 'phenology',
  texts: {
    section: 'fieldCapture.phenology.title',
    form: 'fieldCapture.phenology.form',
    list: 'fieldCapture.phenology.list',
    caption: 'fieldCapture.phenology.tableCaption',
    saved: 'fieldCapture.phenology.saved',
  },
  emptyDraft: (previous) => ({
    farmId: previous?.farmId ?? null,
    farmBlockId: previous?.farmBlockId ?? null,
    observedOn: previous?.observedOn ?? today(),
    stage: previous?.stage ?? null,
    percentOfTrees: null,
  }),
  fromRow: (row) => ({ farmId: row.farmId, farmBlockId: row.farmBlockId, observedOn: row.observedOn, stage: row.stage, percentOfTrees: row.percentOfTrees }),
  fromBody: (b) => ({
    farmId: null,
    farmBlockId: typeof b.farmBlockId === 'number' ? b.farmBlockId : null,
    observedOn: String(b.observedOn ?? ''),
    stage: typeof b.stage === 'string' ? b.stage : null,
    percentOfTrees: typeof b.percentOfTrees === 'number' ? b.percentOfTrees : null,
  }),
  toBody: (d) => ({ farmBlockId: d.farmBlockId, observedOn: d.observedOn, stage: d.stage, percentOfTrees: d.percentOfTrees }),
  summary: (b, blocks, format) =>
    [placeOf(b.farmBlockId, blocks), b.observedOn ? format.day(String(b.observedOn)) : '', `${stageName(b.stage)} ${typeof b.percentOfTrees === 'number' ? format.number(b.percentOfTrees) : ''} %`]
      .filter(Boolean)
      .join(', '),
  rowName: (row, format) => `${row.blockName} ${format.day(row.observedOn)} ${stageName(row.stage)}`,
  columns: [
    { header: 'fieldCapture.phenology.observedOn', body: (row, format) => format.day(row.observedOn) },
    { header: 'fieldCapture.phenology.stage', body: (row) => stageName(row.stage) },
    { header: 'fieldCapture.phenology.percent', body: (row, format) => format.number(row.percentOfTrees), className: 'num' },
  ],
  Form: PhenologyForm,
};
