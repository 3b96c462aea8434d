/** Legal entities: the organisation's list, added, renamed and deleted (not while farms or employees belong to one). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  legalEntityBodySchema,
  setupLegalEntitySchema,
  type LegalEntityBody,
  type SetupLegalEntity,
} from '@orchard/shared/farm-setup';
import { useLegalEntities } from '../api/get-lists';
import { useSaveRow } from '../api/save-row';
import { useRowEditor } from '../use-row-editor';
import { SetupDialog } from './setup-dialog';
import { TextField } from './setup-fields';
import { SetupTable } from './setup-table';

type Editing = { row: SetupLegalEntity | null } | null;

export function LegalEntitiesTab() {
  const { t } = useTranslation();
  const list = useLegalEntities();
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <SetupTable<SetupLegalEntity>
        list="legalEntities"
        caption={t('farmSetup.captions.legalEntities')}
        query={list}
        columns={[{ key: 'name', header: t('farmSetup.fields.name'), text: (r) => r.name }]}
        rowName={(r) => r.name}
        addLabel={t('farmSetup.add.legalEntity')}
        onAdd={() => setEditing({ row: null })}
        onEdit={(row) => setEditing({ row })}
        deleteKind="legalEntities"
      />
      {editing && (
        <LegalEntityDialog row={editing.row} current={list.data?.find((r) => r.id === editing.row?.id)} onHide={() => setEditing(null)} />
      )}
    </>
  );
}

function LegalEntityDialog({ row, current, onHide }: { row: SetupLegalEntity | null; current: SetupLegalEntity | undefined; onHide: () => void }) {
  const { t } = useTranslation();
  const save = useSaveRow<LegalEntityBody, SetupLegalEntity>('legalEntities', setupLegalEntitySchema);
  const editor = useRowEditor({
    schema: legalEntityBodySchema,
    row,
    current,
    toValues: (r: SetupLegalEntity | null) => ({ name: r?.name ?? '' }),
    save: (body: LegalEntityBody, version) => save.mutateAsync({ id: row?.id ?? null, version, body }),
    savedName: (saved) => saved.name,
    onDone: onHide,
  });
  return (
    <SetupDialog header={t(row ? 'farmSetup.editTitle.legalEntity' : 'farmSetup.add.legalEntity')} editor={editor} onHide={onHide}>
      <TextField control={editor.form.control} name="name" label={t('farmSetup.fields.name')} />
    </SetupDialog>
  );
}
