/**
 * One capture list on a phone: the capture form (for those who capture), under it the captures
 * still in the outbox, then the stored rows (for those who may read them). On a wide screen the
 * form stands beside the lists. The list reloads whenever the outbox has sent one of its captures.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import { OutboxStatus } from '../../../components/outbox-status';
import { errorText } from '../../../lib/api-error';
import { useCaptureSent } from '../../../lib/outbox/app-outbox';
import type { OutboxEntry } from '../../../lib/outbox/outbox-store';
import { detailsByField } from '../../../lib/form-issues';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useReloadFieldList } from '../api/field-records';
import { useFieldBlocks } from '../api/get-blocks';
import { CaptureFormPanel, type FormState } from './capture-form-panel';
import type { CaptureKind, FieldRecordRow } from './capture-kind';
import { ImportSection } from './import-section';
import { PendingCaptures } from './pending-captures';
import { RecordsPanel } from './records-panel';

export function CaptureSection<Row extends FieldRecordRow, Draft>({ kind }: { kind: CaptureKind<Row, Draft> }) {
  const { t } = useTranslation();
  const { hasPermission } = useSessionContext();
  const canCapture = hasPermission(kind.capturePermission);
  const canView = hasPermission(kind.viewPermission);
  const blocksQuery = useFieldBlocks();
  const blocks = blocksQuery.data ?? [];
  const [form, setForm] = useState<FormState<Draft>>(() => ({ draft: kind.emptyDraft(null), editing: { type: 'new' }, errors: {} }));

  const reload = useReloadFieldList();
  const { key: kindName, listPath } = kind;
  const onSent = useCallback(
    (entry: OutboxEntry) => {
      if (entry.kind === kindName) void reload(listPath);
    },
    [kindName, listPath, reload],
  );
  useCaptureSent(onSent);

  const editRefused = (entry: OutboxEntry) =>
    setForm({
      draft: kind.fromBody(entry.body),
      editing: { type: 'refused', clientId: entry.clientId },
      errors: detailsByField(entry.refusal?.details ?? []),
    });
  const editRow = (row: Row) => setForm({ draft: kind.fromRow(row), editing: { type: 'row', id: row.id, version: row.version }, errors: {} });
  const onDeleted = (row: Row) => {
    if (form.editing.type === 'row' && form.editing.id === row.id) setForm({ draft: kind.emptyDraft(form.draft), editing: { type: 'new' }, errors: {} });
  };

  return (
    <div className={canCapture ? 'capture-section with-form' : 'capture-section'}>
      <OutboxStatus kinds={[kind.key]} />
      {blocksQuery.error && <Message severity="error" text={errorText(blocksQuery.error) || t('fieldCapture.blocksFailed')} />}
      <div className="capture-section-body">
        {canCapture && (
          <div className="capture-side">
            <CaptureFormPanel kind={kind} blocks={blocks} state={form} onState={setForm} />
            <PendingCaptures kind={kind.key} onEdit={editRefused} />
          </div>
        )}
        {canView && <RecordsPanel kind={kind} blocks={blocks} canCapture={canCapture} onEdit={editRow} onDeleted={onDeleted} />}
      </div>
      {canCapture && kind.importKind && <ImportSection kind={kind.importKind} listPath={kind.listPath} />}
    </div>
  );
}
