/**
 * Production blocks: the blocks of the organisation's PUCs, filtered by PUC, with the farm block each
 * is linked to, and their CSV import.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvImportAnswer } from '@orchard/shared/core';
import {
  BLOCK_IMPORT_COLUMNS,
  BLOCK_IMPORT_EXAMPLE,
  BLOCK_IMPORT_MAX_BYTES,
  productionBlockLabel,
  type SetupProductionBlock,
} from '@orchard/shared/farm-setup';
import { CsvImportPanel } from '../../../components/csv-import-panel';
import { SingleFilter, type FilterOption } from '../../../components/filter-fields';
import { csvImportTexts, templateCsv } from '../../../lib/csv-import';
import { useSession } from '../../../lib/session/session-store';
import { useFormatters } from '../../../lib/use-formatters';
import { useFarmBlocks, useProductionBlocks, usePucs } from '../api/get-lists';
import { importBlocks } from '../api/import-blocks';
import { farmSetupKeys } from '../api/keys';
import { HA_DECIMALS } from '../block-form';
import { importProblemText, requestErrorText } from '../farm-setup-text';
import { useVarietyChoices } from '../use-choices';
import { BlockDialog } from './block-dialog';
import type { Choice } from './setup-fields';
import { SetupTable } from './setup-table';

type Editing = { row: SetupProductionBlock | null } | null;

/**
 * The blocks' CSV import: the one import panel with the block file's columns, template and texts,
 * the problems in the farm setup rules' words. A written file reloads the lists.
 */
function BlockImport() {
  const { t } = useTranslation();
  const f = useFormatters();
  const organizationId = useSession((s) => s.organizationId);
  const queryClient = useQueryClient();
  const texts = csvImportTexts(t, 'farmSetup.import', {
    hint: t('farmSetup.import.columns', { columns: BLOCK_IMPORT_COLUMNS.join(', ') }),
    pageReport: t('farmSetup.pageReport'),
  });
  const counts = (a: CsvImportAnswer) => ({ created: f.number(a.created), changed: f.number(a.changed), unchanged: f.number(a.unchanged), refused: f.number(a.refused) });
  return (
    <CsvImportPanel
      id="block-import"
      className="farm-setup-import"
      texts={texts}
      templateCsv={templateCsv(BLOCK_IMPORT_COLUMNS, [BLOCK_IMPORT_EXAMPLE])}
      maxBytes={BLOCK_IMPORT_MAX_BYTES}
      upload={(input) => importBlocks(organizationId as number, input)}
      columns={[
        { header: t('farmSetup.fields.puc'), body: (l) => l.cells.puc },
        { header: t('farmSetup.fields.code'), body: (l) => l.cells.code },
      ]}
      summary={(a) => t('farmSetup.import.summary', counts(a))}
      imported={(a) => ({ summary: t('farmSetup.import.imported'), detail: t('farmSetup.import.importedDetail', counts(a)) })}
      onWritten={() => void queryClient.invalidateQueries({ queryKey: farmSetupKeys.all(organizationId) })}
      problemText={importProblemText(t)}
      requestText={(e) => requestErrorText(e, t)}
      tableMinWidth="36rem"
    />
  );
}

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
        list="productionBlocks"
        caption={t('farmSetup.captions.blocks')}
        query={list}
        columns={[
          { key: 'puc', header: t('farmSetup.fields.puc'), text: (r) => pucName(r.pucId) },
          { key: 'code', header: t('farmSetup.fields.code'), text: (r) => r.code },
          { key: 'name', header: t('farmSetup.fields.blockName'), text: (r) => r.name ?? '' },
          {
            key: 'ha',
            header: t('farmSetup.fields.ha'),
            text: (r) => (r.ha === null ? '' : f.number(r.ha, { maximumFractionDigits: HA_DECIMALS })),
            sortValue: (r) => r.ha,
            numeric: true,
          },
          { key: 'variety', header: t('farmSetup.fields.variety'), text: (r) => varieties.nameOf(r.varietyId) },
          { key: 'year', header: t('farmSetup.fields.plantingYear'), text: (r) => (r.plantingYear === null ? '' : String(r.plantingYear)), sortValue: (r) => r.plantingYear, numeric: true },
          { key: 'farmBlock', header: t('farmSetup.fields.farmBlock'), text: (r) => farmBlockName(r.farmBlockId) },
        ]}
        rowName={(r) => productionBlockLabel({ code: r.code, variety: varieties.nameOf(r.varietyId) })}
        addLabel={t('farmSetup.add.block')}
        onAdd={() => setEditing({ row: null })}
        onEdit={(row) => setEditing({ row })}
        deleteKind="productionBlocks"
        exportFilter={{ name: 'pucId', value: pucId }}
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
      <BlockImport />
    </>
  );
}
