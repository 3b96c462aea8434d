/**
 * Farms: name, legal entity and location (latitude and longitude, both optional). A farm's region,
 * area and province are kept as they are: their lists are offered to platform operators only.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { farmBodySchema, setupFarmSchema, type FarmBody, type SetupFarm } from '@orchard/shared/farm-setup';
import { useFormatters } from '../../../lib/use-formatters';
import { useFarms, useLegalEntities } from '../api/get-lists';
import { useSaveRow } from '../api/save-row';
import { useRowEditor } from '../use-row-editor';
import { SetupDialog } from './setup-dialog';
import { ChoiceField, NumberField, TextField, type Choice } from './setup-fields';
import { SetupTable } from './setup-table';

/** decimals a coordinate is shown with (about 10 cm) */
const COORDINATE_DECIMALS = 6;

type Editing = { row: SetupFarm | null } | null;

export function FarmsTab() {
  const { t } = useTranslation();
  const f = useFormatters();
  const list = useFarms();
  const entities = useLegalEntities();
  const entityChoices = useMemo<Choice<number>[]>(() => (entities.data ?? []).map((e) => ({ label: e.name, value: e.id })), [entities.data]);
  const entityName = (id: number) => entityChoices.find((c) => c.value === id)?.label ?? '';
  const coordinate = (value: number | null) => (value === null ? '' : f.number(value, { maximumFractionDigits: COORDINATE_DECIMALS }));
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <SetupTable<SetupFarm>
        list="farms"
        caption={t('farmSetup.captions.farms')}
        query={list}
        columns={[
          { key: 'name', header: t('farmSetup.fields.farmName'), text: (r) => r.farmName },
          { key: 'entity', header: t('farmSetup.fields.legalEntity'), text: (r) => entityName(r.legalEntityId) },
          { key: 'lat', header: t('farmSetup.fields.latitude'), text: (r) => coordinate(r.lat), sortValue: (r) => r.lat, numeric: true },
          { key: 'lng', header: t('farmSetup.fields.longitude'), text: (r) => coordinate(r.lng), sortValue: (r) => r.lng, numeric: true },
        ]}
        rowName={(r) => r.farmName}
        addLabel={t('farmSetup.add.farm')}
        onAdd={() => setEditing({ row: null })}
        onEdit={(row) => setEditing({ row })}
        deleteKind="farms"
        minWidth="40rem"
      />
      {editing && (
        <FarmDialog
          row={editing.row}
          current={list.data?.find((r) => r.id === editing.row?.id)}
          entities={entityChoices}
          onHide={() => setEditing(null)}
        />
      )}
    </>
  );
}

interface FarmValues {
  farmName: string;
  legalEntityId: number | null;
  lat: number | null;
  lng: number | null;
  areaId: number | null;
  regionId: number | null;
  provinceId: number | null;
}

const farmValues = (r: SetupFarm | null): FarmValues => ({
  farmName: r?.farmName ?? '',
  legalEntityId: r?.legalEntityId ?? null,
  lat: r?.lat ?? null,
  lng: r?.lng ?? null,
  areaId: r?.areaId ?? null,
  regionId: r?.regionId ?? null,
  provinceId: r?.provinceId ?? null,
});

function FarmDialog({ row, current, entities, onHide }: { row: SetupFarm | null; current: SetupFarm | undefined; entities: Choice<number>[]; onHide: () => void }) {
  const { t } = useTranslation();
  const save = useSaveRow<FarmBody, SetupFarm>('farms', setupFarmSchema);
  const editor = useRowEditor({
    schema: farmBodySchema,
    row,
    current,
    toValues: farmValues,
    save: (body: FarmBody, version) => save.mutateAsync({ id: row?.id ?? null, version, body }),
    conflictFields: { 'farm-name-taken': 'farmName' },
    savedName: (saved) => saved.farmName,
    onDone: onHide,
  });
  const { control } = editor.form;
  return (
    <SetupDialog header={t(row ? 'farmSetup.editTitle.farm' : 'farmSetup.add.farm')} editor={editor} onHide={onHide}>
      <TextField control={control} name="farmName" label={t('farmSetup.fields.farmName')} />
      <ChoiceField
        control={control}
        name="legalEntityId"
        label={t('farmSetup.fields.legalEntity')}
        options={entities}
        placeholder={t('farmSetup.select')}
        fallback={t('farmSetup.chooseLegalEntity')}
      />
      <div className="farm-setup-pair">
        <NumberField control={control} name="lat" label={t('farmSetup.fields.latitude')} fallback={t('farmSetup.reasons.latitudeRange')} />
        <NumberField control={control} name="lng" label={t('farmSetup.fields.longitude')} fallback={t('farmSetup.reasons.longitudeRange')} />
      </div>
    </SetupDialog>
  );
}
