/**
 * The capture form of one list. A new capture is checked with the shared create schema and put in
 * the outbox (it is sent from there, also later, when the phone is offline now); a refused capture
 * opened again is checked the same way and takes its place in the outbox; a stored row is saved
 * straight to the server with the version it was read at: 412 says someone saved it first and the
 * list reloads.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldBlock } from '@orchard/shared/field-capture';
import { errorText, isApiError } from '../../../lib/api-error';
import { detailsByField, issuesByField, type FormErrors } from '../../../lib/form-issues';
import { queueCapture, resubmitCapture } from '../../../lib/outbox/app-outbox';
import { useSession } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useReloadFieldList, useUpdateFieldRecord } from '../api/field-records';
import type { CaptureKind, FieldRecordRow } from './capture-kind';

/** What the form holds: a new capture, a refused one from the outbox, or a stored row. */
export type Editing = { type: 'new' } | { type: 'refused'; clientId: string } | { type: 'row'; id: number; version: number };

export interface FormState<Draft> {
  draft: Draft;
  editing: Editing;
  errors: FormErrors;
}

export function CaptureFormPanel<Row extends FieldRecordRow, Draft>({
  kind,
  blocks,
  state,
  onState,
}: {
  kind: CaptureKind<Row, Draft>;
  blocks: FieldBlock[];
  state: FormState<Draft>;
  onState: (state: FormState<Draft>) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const userId = useSession((s) => s.userId);
  const organizationId = useSession((s) => s.organizationId);
  const update = useUpdateFieldRecord(kind.listPath, kind.itemPath);
  const reload = useReloadFieldList();
  const [busy, setBusy] = useState(false);
  const { draft, editing, errors } = state;
  const headingId = `${kind.key}-form-title`;

  const startOver = (previous: Draft | null) => onState({ draft: kind.emptyDraft(previous), editing: { type: 'new' }, errors: {} });

  const saveRow = (id: number, version: number, body: Record<string, unknown>) =>
    update.mutate(
      { id, body: { ...body, version } },
      {
        onSuccess: () => {
          toast.success(t('fieldCapture.success'), t('fieldCapture.updated'));
          startOver(draft);
        },
        onError: (e) => {
          if (isApiError(e) && e.status === 412) {
            toast.error(t('fieldCapture.error'), t('fieldCapture.stale'));
            void reload(kind.listPath);
            startOver(draft);
          } else if (isApiError(e) && e.status === 404) {
            toast.error(t('fieldCapture.error'), t('fieldCapture.gone'));
            void reload(kind.listPath);
            startOver(draft);
          } else if (isApiError(e) && e.isNetworkError) {
            toast.error(t('fieldCapture.error'), t('fieldCapture.editNeedsNetwork'));
          } else if (isApiError(e) && e.details?.length) {
            onState({ ...state, errors: detailsByField(e.details) });
          } else {
            toast.error(t('fieldCapture.error'), errorText(e));
          }
        },
      },
    );

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy || update.isPending || userId === null || organizationId === null) return;
    const body = kind.toBody(draft);
    if (editing.type === 'row') {
      const found = issuesByField(kind.updateSchema, { ...body, version: editing.version });
      if (Object.keys(found).length > 0) return onState({ ...state, errors: found });
      return saveRow(editing.id, editing.version, body);
    }
    const found = issuesByField(kind.createSchema, { ...body, clientId: crypto.randomUUID() });
    if (Object.keys(found).length > 0) return onState({ ...state, errors: found });
    setBusy(true);
    try {
      const summary = kind.summary(body, blocks, format, t);
      if (editing.type === 'refused') await resubmitCapture(editing.clientId, body, summary);
      else await queueCapture({ kind: kind.key, path: kind.listPath, body, summary, userId, organizationId });
      toast.success(t('fieldCapture.success'), t(kind.texts.saved));
      startOver(draft);
    } catch (err) {
      toast.error(t('fieldCapture.error'), errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const Form = kind.Form;
  const title =
    editing.type === 'row' ? t('fieldCapture.editStored') : editing.type === 'refused' ? t('fieldCapture.editRefused') : t(kind.texts.form);
  const formError = errors.form;

  return (
    <form className="capture-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <Form
        draft={draft}
        onChange={(next) => onState({ ...state, draft: next })}
        errors={errors}
        blocks={blocks}
        editingRow={editing.type === 'row'}
      />
      {formError && (
        <small className="p-error field-error" role="alert">
          {formError}
        </small>
      )}
      <div className="capture-form-buttons">
        <Button type="submit" icon="pi pi-check" label={t('fieldCapture.save')} loading={busy || update.isPending} disabled={busy || update.isPending} />
        <Button
          type="button"
          icon="pi pi-times"
          outlined
          label={editing.type === 'new' ? t('fieldCapture.clear') : t('fieldCapture.cancelEdit')}
          onClick={() => startOver(draft)}
          disabled={busy || update.isPending}
        />
      </div>
    </form>
  );
}
