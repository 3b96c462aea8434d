/**
 * The CSV import of one capture list (scouting sessions, traps, inspections, tensiometer readings,
 * water applied, phenology), for those who may capture it: the generic import panel with this
 * kind's columns, template and texts. A written file reloads the list.
 */
import { Panel } from 'primereact/panel';
import { useTranslation } from 'react-i18next';
import { FIELD_IMPORT_KINDS, FIELD_IMPORT_MAX_BYTES, type FieldImportKind, type FieldImportLine, type FieldImportResponse } from '@orchard/shared';
import { CsvImportPanel, type CsvImportTexts } from '../../../components/csv-import-panel';
import { templateCsv } from '../../../lib/csv-import';
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
  const k = (key: string) => t(`fieldCapture.import.${key}`);
  const hint = [t('fieldCapture.import.hint', { columns: info.columns.join(', ') }), KIND_HINTS[kind] && t(KIND_HINTS[kind])].filter(Boolean).join(' ');
  const texts: CsvImportTexts = {
    heading: k('heading'),
    hint,
    template: k('template'),
    templateFile: t('fieldCapture.import.templateFile', { name: kindFileName(kind) }),
    choose: k('choose'),
    import: k('import'),
    file: (name) => t('fieldCapture.import.file', { name }),
    uploading: k('uploading'),
    checking: k('checking'),
    cancel: k('cancel'),
    cancelled: k('cancelled'),
    cancelledDetail: k('cancelledDetail'),
    refusedHint: k('refusedHint'),
    previewTable: k('previewTable'),
    line: k('line'),
    status: k('status'),
    problems: k('problems'),
    statusName: (status) => t(`fieldCapture.import.statuses.${status}`),
    rowsPerPage: t('fieldCapture.rowsPerPage'),
    pageReport: t('fieldCapture.pageReport'),
    notImported: k('notImported'),
  };
  const counts = (a: FieldImportResponse) => ({ created: f.number(a.created), existing: f.number(a.existing), refused: f.number(a.refused) });
  return (
    <Panel header={texts.heading} toggleable collapsed className="capture-import">
      <CsvImportPanel<FieldImportLine, FieldImportResponse>
        id={`import-${kindFileName(kind)}`}
        hideHeading
        texts={texts}
        templateCsv={templateCsv(info.columns, [info.example])}
        maxBytes={FIELD_IMPORT_MAX_BYTES}
        upload={(input) => importCaptures(organizationId as number, kind, input)}
        columns={[
          { header: t('fieldCapture.farm'), body: (l) => l.farm },
          { header: t('fieldCapture.block'), body: (l) => l.block },
        ]}
        summary={(a) => t('fieldCapture.import.summary', counts(a))}
        imported={(a) => ({ summary: k('imported'), detail: t('fieldCapture.import.importedDetail', counts(a)) })}
        onWritten={() => void reload(listPath)}
      />
    </Panel>
  );
}
