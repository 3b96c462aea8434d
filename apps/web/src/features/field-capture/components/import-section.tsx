/**
 * The CSV import of one capture list (scouting sessions, traps, inspections, tensiometer readings,
 * water applied, phenology), for those who may capture it: the generic import panel with this
 * kind's columns, template and texts. A written file reloads the list.
 */
import { Panel } from 'primereact/panel';
import { useTranslation } from 'react-i18next';
import { type CsvImportAnswer } from '@orchard/shared/core';
import { FIELD_IMPORT_KINDS, FIELD_IMPORT_MAX_BYTES, type FieldImportKind } from '@orchard/shared/field-capture';
import { CsvImportPanel } from '../../../components/csv-import-panel';
import { csvImportTexts, templateCsv } from '../../../lib/csv-import';
import { useSession } from '../../../lib/session/session-store';
import { useFormatters } from '../../../lib/use-formatters';
import { importCaptures } from '../api/import-captures';
import { useReloadFieldList } from '../api/field-records';

const KIND_HINTS: Partial<Record<FieldImportKind, string>> = {
  scouting: 'fieldCapture.import.scoutingHint',
  trapInspections: 'fieldCapture.import.trapInspectionsHint',
};

/** The kind's file name stem: tensiometerReadings -> tensiometer-readings */
export const kindFileName = (kind: FieldImportKind) => kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function ImportSection({ kind, listPath }: { kind: FieldImportKind; listPath: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const organizationId = useSession((s) => s.organizationId);
  const reload = useReloadFieldList();
  const info = FIELD_IMPORT_KINDS[kind];
  const hint = [t('fieldCapture.import.hint', { columns: info.columns.join(', ') }), KIND_HINTS[kind] && t(KIND_HINTS[kind])].filter(Boolean).join(' ');
  const texts = csvImportTexts(t, 'fieldCapture.import', { hint, rowsPerPage: t('fieldCapture.rowsPerPage'), pageReport: t('fieldCapture.pageReport') }, kindFileName(kind));
  const counts = (a: CsvImportAnswer) => ({ created: f.number(a.created), existing: f.number(a.existing), refused: f.number(a.refused) });
  return (
    <Panel header={texts.heading} toggleable collapsed className="capture-import">
      <CsvImportPanel
        id={`import-${kindFileName(kind)}`}
        hideHeading
        texts={texts}
        templateCsv={templateCsv(info.columns, [info.example])}
        maxBytes={FIELD_IMPORT_MAX_BYTES}
        upload={(input) => importCaptures(organizationId as number, kind, input)}
        columns={[
          { header: t('fieldCapture.farm'), body: (l) => l.cells.farm },
          { header: t('fieldCapture.block'), body: (l) => l.cells.block },
        ]}
        summary={(a) => t('fieldCapture.import.summary', counts(a))}
        imported={(a) => ({ summary: t('fieldCapture.import.imported'), detail: t('fieldCapture.import.importedDetail', counts(a)) })}
        onWritten={() => void reload(listPath)}
      />
    </Panel>
  );
}
