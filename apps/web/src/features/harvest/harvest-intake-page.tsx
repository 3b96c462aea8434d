/** Harvest area (/harvest): record bin intake and import it from a CSV file. */
import { useQueryClient } from '@tanstack/react-query';
import { PERMISSIONS, isCalendarDay, type CsvImportLine } from '@orchard/shared/core';
import {
  BIN_IMPORT_COLUMNS,
  BIN_IMPORT_EXAMPLE,
  BIN_IMPORT_EXAMPLE_VARIETY,
  BIN_IMPORT_MAX_BYTES,
  tippedOfCell,
  type BinImportColumn,
} from '@orchard/shared/harvest';
import { productionBlockLabel } from '@orchard/shared/farm-setup';
import { useTranslation } from 'react-i18next';
import { CsvImportPanel } from '../../components/csv-import-panel';
import { csvImportTexts, templateCsv } from '../../lib/csv-import';
import { useSessionContext } from '../../lib/session/use-session-context';
import { useFormatters } from '../../lib/use-formatters';
import { importBins } from './api/import-bins';
import { harvestKeys, useOrganizationId } from './api/keys';
import { BinIntakeForm } from './components/bin-intake-form';
import './harvest.css';

/**
 * The CSV import of bin intake: the one import panel with the bin file's columns, template and
 * texts, following the rows the server checks and writes. A written file refreshes every report.
 */
function BinImport() {
  const { t } = useTranslation();
  const f = useFormatters();
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  // the block cell is the code every screen names a production block by (shared productionBlockLabel)
  const code = BIN_IMPORT_EXAMPLE.block;
  const hint = t('harvest.import.columns', { columns: BIN_IMPORT_COLUMNS.join(', '), code, label: productionBlockLabel({ code, variety: BIN_IMPORT_EXAMPLE_VARIETY }) });
  const texts = csvImportTexts(t, 'harvest.import', { hint });
  const at = (l: CsvImportLine, column: BinImportColumn) => l.cells[column] ?? '';
  const cell = (column: BinImportColumn, header: string, className?: string) => ({ header, body: (l: CsvImportLine) => at(l, column), className });
  // the cells as read; a date and yes or no as the screen says them
  const day = (l: CsvImportLine) => (isCalendarDay(at(l, 'received_date')) ? f.day(at(l, 'received_date')) : at(l, 'received_date'));
  const yesNo = (l: CsvImportLine) => {
    const tipped = tippedOfCell(at(l, 'tipped'));
    return tipped === null ? at(l, 'tipped') : t(tipped ? 'harvest.import.yes' : 'harvest.import.no');
  };
  return (
    <CsvImportPanel
      id="bin-import"
      className="harvest-card"
      texts={texts}
      templateCsv={templateCsv(BIN_IMPORT_COLUMNS, [BIN_IMPORT_EXAMPLE])}
      maxBytes={BIN_IMPORT_MAX_BYTES}
      upload={(input) => importBins(organizationId as number, input)}
      columns={[
        cell('puc', t('harvest.columns.puc')),
        cell('block', t('harvest.columns.block')),
        cell('packhouse', t('harvest.packhouse')),
        { header: t('harvest.intake.receivedDate'), body: day },
        cell('bins', t('harvest.intake.count'), 'harvest-number'),
        { header: t('harvest.intake.tipped'), body: yesNo },
        cell('tipped_kgs', t('harvest.intake.tippedKgs'), 'harvest-number'),
      ]}
      rowsText={(step) => t(`harvest.import.${step.phase}Rows`, { processed: f.number(step.processed), total: f.number(step.total) })}
      summary={(a) => t('harvest.import.summary', { rows: a.lines.length, bins: a.bins })}
      imported={(a) => ({ summary: t('harvest.import.imported'), detail: t('harvest.import.importedDetail', { count: a.bins }) })}
      onWritten={() => void queryClient.invalidateQueries({ queryKey: harvestKeys.all(organizationId) })}
      tableMinWidth="48rem"
    />
  );
}

export function HarvestIntakePage() {
  const { t } = useTranslation();
  const { hasPermission } = useSessionContext();
  const mayRecord = hasPermission(PERMISSIONS.harvestEstimatesEdit);
  return (
    <div className="harvest-page">
      <h1>{t('harvest.titles.intake')}</h1>
      {mayRecord ? (
        <>
          <BinIntakeForm />
          <BinImport />
        </>
      ) : (
        <p>{t('harvest.intake.readOnly')}</p>
      )}
    </div>
  );
}

export default HarvestIntakePage;
