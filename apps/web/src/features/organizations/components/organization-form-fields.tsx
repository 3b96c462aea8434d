/**
 * The Create New Organization form's parts: a titled section, text, check, count and choice fields
 * bound to the form, and the Error dialog. A required field shows an asterisk beside its label (the
 * input says aria-required) and, after a Save or Add Farm attempt, its rule's message under it.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { FieldError } from '../../../components/field-error';
import { labelledDropdownPt } from '../../../components/filter-fields';
import { NumberTextInput } from '../../../components/number-text-input';
import { useFormatters } from '../../../lib/use-formatters';
import type { OrganizationFormValues } from '../organization-draft';

export type Form = Control<OrganizationFormValues>;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="create-org-section">
      <legend>{title}</legend>
      <div className="create-org-grid">{children}</div>
    </fieldset>
  );
}

/**
 * A field's label with, for a required field, the asterisk beside it: outside the label, so the
 * field's name stays its label's text (the input says aria-required).
 */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <span className="field-label">
      <label htmlFor={htmlFor}>{label}</label>
      {required && (
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      )}
    </span>
  );
}

/** What a field's input says about it: required, invalid, and where its message and hint are. */
export function fieldAria(id: string, { required, error, hintId }: { required?: boolean; error?: string | null; hintId?: string }) {
  const describedBy = [error ? `${id}-error` : null, hintId ?? null].filter(Boolean).join(' ');
  return {
    'aria-required': required ? true : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  } as const;
}

/** The rule's message under a field (after an attempt), linked from its input. */
export function FieldMessage({ id, error }: { id: string; error?: string | null }) {
  return <FieldError id={`${id}-error`} message={error} />;
}

export interface FieldState {
  required?: boolean;
  /** the field's failing rule after an attempt */
  error?: string | null;
}

/** A text as typed, never cut at a length: a text too long is the rules' to refuse (shared ADD_FARM_RULES, CREATE_ORGANIZATION_RULES). */
export function TextField({
  control,
  name,
  label,
  type = 'text',
  required,
  error,
  autoComplete,
}: { control: Form; name: FieldPath<OrganizationFormValues>; label: string; type?: string; autoComplete?: string } & FieldState) {
  const id = useId();
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <InputText
            id={id}
            type={type}
            value={field.value as string}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            invalid={!!error}
            autoComplete={autoComplete}
            {...fieldAria(id, { required, error })}
          />
        )}
      />
      <FieldMessage id={id} error={error} />
    </div>
  );
}

export function CheckField({ control, name, label, disabled }: { control: Form; name: FieldPath<OrganizationFormValues>; label: string; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="field-checkbox">
      <Controller
        control={control}
        name={name}
        render={({ field }) => <Checkbox inputId={id} checked={field.value === true} onChange={(e) => field.onChange(e.checked === true)} disabled={disabled} />}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function CountField({ control, name, label, error }: { control: Form; name: FieldPath<OrganizationFormValues>; label: string; error?: string | null }) {
  const id = useId();
  const { culture } = useFormatters();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          // the number as typed (null when emptied, NaN when not a number): Add Farm's rule names what is wrong
          <NumberTextInput
            id={id}
            integer
            culture={culture}
            value={field.value as number | null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        )}
      />
      <FieldMessage id={id} error={error} />
    </div>
  );
}

export function ChoiceField<T extends object>({
  control,
  name,
  label,
  options,
  optionLabel,
  loading,
  required,
  error,
  hint,
}: {
  control: Form;
  name: FieldPath<OrganizationFormValues>;
  label: string;
  options: readonly T[];
  optionLabel: string;
  loading: boolean;
  /** what the choice means, under the field */
  hint?: ReactNode;
} & FieldState) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Dropdown
            inputId={id}
            value={field.value}
            options={[...options]}
            optionLabel={optionLabel}
            optionValue="id"
            onChange={(e) => field.onChange((e.value as number | null | undefined) ?? null)}
            placeholder={t('organizations.create.select')}
            loading={loading}
            filter
            pt={labelledDropdownPt}
            invalid={!!error}
            {...fieldAria(id, { required, error, hintId })}
          />
        )}
      />
      <FieldMessage id={id} error={error} />
      {hint && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}

/** The first rule a draft breaks, in an Error dialog (docs/domain.md, Screens and layout: error dialogs are titled Error). */
export function ProblemDialog({ problem, onClose }: { problem: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={t('organizations.create.errorTitle')}
      visible={problem !== null}
      onHide={onClose}
      className="create-org-error"
      modal
      footer={<Button type="button" label={t('organizations.create.ok')} onClick={onClose} autoFocus />}
    >
      <p className="m-0">{problem}</p>
    </Dialog>
  );
}
