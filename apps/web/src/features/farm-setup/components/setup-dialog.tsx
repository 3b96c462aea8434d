/**
 * The add / edit dialog of a farm setup row: the fields, Cancel and Save; closing with changes asks
 * first. When someone else saved the row first it says so, with Reload to load their version.
 */
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useId, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EditorDialog, useDiscardGuard } from '../../../components/discard-guard';
import type { RowEditor } from '../use-row-editor';

interface Props<V extends FieldValues> {
  header: string;
  editor: RowEditor<V>;
  onHide: () => void;
  children: ReactNode;
}

export function SetupDialog<V extends FieldValues>({ header, editor, onHide, children }: Props<V>) {
  const { t } = useTranslation();
  const formId = `farm-setup-form-${useId()}`;
  const { form, submit, saving, stale, reload, canReload, gone } = editor;
  const guard = useDiscardGuard(form.formState.isDirty, onHide);

  const footer = (
    <div className="dialog-footer">
      <Button type="button" label={t('farmSetup.cancel')} outlined onClick={guard.requestClose} disabled={saving} />
      <Button type="submit" form={formId} label={t('farmSetup.save')} loading={saving} disabled={saving || stale} />
    </div>
  );

  return (
    <EditorDialog guard={guard} header={header} visible footer={footer} className="farm-setup-dialog" modal>
      {stale && (
        <div className="farm-setup-stale" role="alert">
          <Message severity="warn" text={gone ? t('farmSetup.gone') : t('farmSetup.reasons.stale')} />
          {!gone && <Button type="button" icon="pi pi-refresh" label={t('farmSetup.reload')} onClick={reload} disabled={!canReload} outlined />}
        </div>
      )}
      <form id={formId} className="farm-setup-form" noValidate onSubmit={(e) => void submit(e)}>
        {children}
      </form>
    </EditorDialog>
  );
}
