/** PUCs: the organisation's PUCs, filtered by farm; each belongs to one farm. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pucBodySchema, setupPucSchema, type PucBody, type SetupPuc } from '@orchard/shared/farm-setup';
import { SingleFilter } from '../../../components/filter-fields';
import { usePucs } from '../api/get-lists';
import { useSaveRow } from '../api/save-row';
import { useFarmChoices } from '../use-choices';
import { useRowEditor } from '../use-row-editor';
import { SetupDialog } from './setup-dialog';
import { ChoiceField, TextField, type Choice } from './setup-fields';
import { SetupTable } from './setup-table';

type Editing = { row: SetupPuc | null } | null;

export function PucsTab() {
  const { t } = useTranslation();
  const [farmId, setFarmId] = useState<number | null>(null);
  const list = usePucs(farmId);
  const farms = useFarmChoices();
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <SetupTable<SetupPuc>
        list="pucs"
        caption={t('farmSetup.captions.pucs')}
        query={list}
        columns={[
          { key: 'name', header: t('farmSetup.fields.pucName'), text: (r) => r.pucName },
          { key: 'farm', header: t('farmSetup.fields.farm'), text: (r) => farms.nameOf(r.farmId) },
        ]}
        rowName={(r) => r.pucName}
        addLabel={t('farmSetup.add.puc')}
        onAdd={() => setEditing({ row: null })}
        onEdit={(row) => setEditing({ row })}
        deleteKind="pucs"
        exportFilter={{ name: 'farmId', value: farmId }}
        filters={<SingleFilter label={t('farmSetup.fields.farm')} options={farms.options} value={farmId} onChange={setFarmId} clearable />}
      />
      {editing && (
        <PucDialog
          row={editing.row}
          current={list.data?.find((r) => r.id === editing.row?.id)}
          farms={farms.choices}
          farmId={farmId}
          onHide={() => setEditing(null)}
        />
      )}
    </>
  );
}

interface PucDialogProps {
  row: SetupPuc | null;
  current: SetupPuc | undefined;
  farms: Choice<number>[];
  /** the farm a new PUC starts on: the one the list is filtered by */
  farmId: number | null;
  onHide: () => void;
}

function PucDialog({ row, current, farms, farmId, onHide }: PucDialogProps) {
  const { t } = useTranslation();
  const save = useSaveRow<PucBody, SetupPuc>('pucs', setupPucSchema);
  const editor = useRowEditor({
    schema: pucBodySchema,
    row,
    current,
    toValues: (r: SetupPuc | null) => ({ farmId: r?.farmId ?? farmId, pucName: r?.pucName ?? '' }),
    save: (body: PucBody, version) => save.mutateAsync({ id: row?.id ?? null, version, body }),
    conflictFields: { 'puc-name-taken': 'pucName' },
    savedName: (saved) => saved.pucName,
    onDone: onHide,
  });
  const { control } = editor.form;
  return (
    <SetupDialog header={t(row ? 'farmSetup.editTitle.puc' : 'farmSetup.add.puc')} editor={editor} onHide={onHide}>
      <ChoiceField control={control} name="farmId" label={t('farmSetup.fields.farm')} options={farms} placeholder={t('farmSetup.select')} fallback={t('farmSetup.chooseFarm')} />
      <TextField control={control} name="pucName" label={t('farmSetup.fields.pucName')} />
    </SetupDialog>
  );
}
