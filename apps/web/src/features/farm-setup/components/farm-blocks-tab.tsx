/**
 * Farm blocks: the blocks of the organisation's farms as they are worked in the field (scouting,
 * traps, irrigation and phenology are recorded on them), filtered by farm. Production blocks link
 * to them on the Production Blocks tab.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { farmBlockBodySchema, setupFarmBlockSchema, type FarmBlockBody, type SetupFarmBlock } from '@orchard/shared/farm-setup';
import { SingleFilter } from '../../../components/filter-fields';
import { useFormatters } from '../../../lib/use-formatters';
import { useFarmBlocks } from '../api/get-lists';
import { useSaveRow } from '../api/save-row';
import { HA_DECIMALS } from '../block-form';
import { useFarmChoices, useVarietyChoices } from '../use-choices';
import { useRowEditor } from '../use-row-editor';
import { SetupDialog } from './setup-dialog';
import { ChoiceField, NumberField, TextField, type Choice } from './setup-fields';
import { SetupTable } from './setup-table';

type Editing = { row: SetupFarmBlock | null } | null;

export function FarmBlocksTab() {
  const { t } = useTranslation();
  const f = useFormatters();
  const [farmId, setFarmId] = useState<number | null>(null);
  const list = useFarmBlocks(farmId);
  const farms = useFarmChoices();
  const varieties = useVarietyChoices();
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <SetupTable<SetupFarmBlock>
        list="farmBlocks"
        caption={t('farmSetup.captions.farmBlocks')}
        query={list}
        columns={[
          { key: 'name', header: t('farmSetup.fields.farmBlockName'), text: (r) => r.name },
          { key: 'farm', header: t('farmSetup.fields.farm'), text: (r) => farms.nameOf(r.farmId) },
          { key: 'ha', header: t('farmSetup.fields.ha'), text: (r) => f.number(r.ha, { maximumFractionDigits: HA_DECIMALS }), sortValue: (r) => r.ha, numeric: true },
          { key: 'variety', header: t('farmSetup.fields.variety'), text: (r) => varieties.nameOf(r.varietyId) },
          { key: 'daff', header: t('farmSetup.fields.daffCode'), text: (r) => r.daffCode ?? '' },
        ]}
        rowName={(r) => r.name}
        addLabel={t('farmSetup.add.farmBlock')}
        onAdd={() => setEditing({ row: null })}
        onEdit={(row) => setEditing({ row })}
        deleteKind="farmBlocks"
        exportFilter={{ name: 'farmId', value: farmId }}
        filters={<SingleFilter label={t('farmSetup.fields.farm')} options={farms.options} value={farmId} onChange={setFarmId} clearable />}
        minWidth="44rem"
      />
      {editing && (
        <FarmBlockDialog
          row={editing.row}
          current={list.data?.find((r) => r.id === editing.row?.id)}
          farms={farms.choices}
          varieties={varieties.choices}
          farmId={farmId}
          onHide={() => setEditing(null)}
        />
      )}
    </>
  );
}

interface FarmBlockValues {
  farmId: number | null;
  name: string;
  ha: number | null;
  varietyId: number | null;
  daffCode: string;
}

interface FarmBlockDialogProps {
  row: SetupFarmBlock | null;
  current: SetupFarmBlock | undefined;
  farms: Choice<number>[];
  varieties: Choice<number>[];
  /** the farm a new block starts on: the one the list is filtered by */
  farmId: number | null;
  onHide: () => void;
}

function FarmBlockDialog({ row, current, farms, varieties, farmId, onHide }: FarmBlockDialogProps) {
  const { t } = useTranslation();
  const save = useSaveRow<FarmBlockBody, SetupFarmBlock>('farmBlocks', setupFarmBlockSchema);
  const editor = useRowEditor({
    schema: farmBlockBodySchema,
    row,
    current,
    toValues: (r: SetupFarmBlock | null): FarmBlockValues => ({
      farmId: r?.farmId ?? farmId,
      name: r?.name ?? '',
      ha: r?.ha ?? null,
      varietyId: r?.varietyId ?? null,
      daffCode: r?.daffCode ?? '',
    }),
    save: (body: FarmBlockBody, version) => save.mutateAsync({ id: row?.id ?? null, version, body }),
    conflictFields: { 'farm-block-name-taken': 'name', 'farm-block-linked-elsewhere': 'farmId' },
    savedName: (saved) => saved.name,
    onDone: onHide,
  });
  const { control } = editor.form;
  return (
    <SetupDialog header={t(row ? 'farmSetup.editTitle.farmBlock' : 'farmSetup.add.farmBlock')} editor={editor} onHide={onHide}>
      <ChoiceField control={control} name="farmId" label={t('farmSetup.fields.farm')} options={farms} placeholder={t('farmSetup.select')} fallback={t('farmSetup.chooseFarm')} />
      <div className="farm-setup-pair">
        <TextField control={control} name="name" label={t('farmSetup.fields.farmBlockName')} />
        <NumberField control={control} name="ha" label={t('farmSetup.fields.ha')} />
      </div>
      <ChoiceField
        control={control}
        name="varietyId"
        label={t('farmSetup.fields.variety')}
        options={varieties}
        placeholder={t('farmSetup.select')}
        fallback={t('farmSetup.chooseVariety')}
      />
      <TextField control={control} name="daffCode" label={t('farmSetup.fields.daffCode')} />
    </SetupDialog>
  );
}
