/**
 * Production blocks: the blocks of the organisation's PUCs, filtered by PUC, with the farm block each
 * is linked to, and their CSV import.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetupProductionBlock } from '@orchard/shared';
import { SingleFilter, type FilterOption } from '../../../components/filter-fields';
import { useFormatters } from '../../../lib/use-formatters';
import { useFarmBlocks, useProductionBlocks, usePucs } from '../api/get-lists';
import { HA_DECIMALS } from '../block-form';
import { useVarietyChoices } from '../use-choices';
import { BlockDialog } from './block-dialog';
import { BlockImportPanel } from './block-import-panel';
import type { Choice } from './setup-fields';
import { SetupTable } from './setup-table';

type Editing = { row: SetupProductionBlock | null } | null;

export function BlocksTab() {
  const { t } = useTranslation();
  const f = useFormatters();
  const [pucId, setPucId] = useState<number | null>(null);
  const list = useProductionBlocks(pucId);
  const pucs = usePucs();
  const varieties = useVarietyChoices();
  const farmBlocks = useFarmBlocks();
  const pucChoices = useMemo<Choice<number>[]>(() => (pucs.data ?? []).map((p) => ({ label: p.pucName, value: p.id })), [pucs.data]);
  const pucOptions = useMemo<FilterOption[]>(() => pucChoices.map((c) => ({ id: c.value, label: c.label })), [pucChoices]);
  const pucName = (id: number) => pucChoices.find((c) => c.value === id)?.label ?? '';
  const pucFarm = (id: number | null) => pucs.data?.find((p) => p.id === id)?.farmId ?? null;
  const farmBlockName = (id: number | null) => farmBlocks.data?.find((b) => b.id === id)?.name ?? '';
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <SetupTable<SetupProductionBlock>
        caption={t('farmSetup.captions.blocks')}
        query={list}
        columns={[
          { key: 'puc', header: t('farmSetup.fields.puc'), body: (r) => pucName(r.pucId) },
          { key: 'code', header: t('farmSetup.fields.code'), field: 'code' },
          { key: 'name', header: t('farmSetup.fields.blockName'), field: 'name' },
          { key: 'ha', header: t('farmSetup.fields.ha'), body: (r) => (r.ha === null ? '' : f.number(r.ha, { maximumFractionDigits: HA_DECIMALS })), numeric: true },
          { key: 'variety', header: t('farmSetup.fields.variety'), body: (r) => varieties.nameOf(r.varietyId) },
          { key: 'year', header: t('farmSetup.fields.plantingYear'), field: 'plantingYear', numeric: true },
          { key: 'farmBlock', header: t('farmSetup.fields.farmBlock'), body: (r) => farmBlockName(r.farmBlockId) },
        ]}
        rowName={(r) => (r.name ? `${r.code} ${r.name}` : r.code)}
        addLabel={t('farmSetup.add.block')}
        onAdd={() => setEditing({ row: null })}
        onEdit={(row) => setEditing({ row })}
        deleteKind="productionBlocks"
        filters={<SingleFilter label={t('farmSetup.fields.puc')} options={pucOptions} value={pucId} onChange={setPucId} clearable />}
        minWidth="58rem"
      />
      {editing && (
        <BlockDialog
          row={editing.row}
          current={list.data?.find((r) => r.id === editing.row?.id)}
          pucs={pucChoices}
          varieties={varieties.choices}
          pucFarm={pucFarm}
          farmBlocks={farmBlocks.data ?? []}
          pucId={pucId}
          onHide={() => setEditing(null)}
        />
      )}
      <BlockImportPanel />
    </>
  );
}
