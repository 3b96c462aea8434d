/**
 * The icon buttons at the end of a table row (edit, delete, save, cancel, ...): round text buttons
 * whose accessible name says what they do to which row, e.g. "Edit user jdoe".
 */
import { Button, type ButtonProps } from 'primereact/button';

const ROW_ACTIONS = {
  edit: { icon: 'pi pi-pencil' },
  delete: { icon: 'pi pi-trash', severity: 'danger' },
  save: { icon: 'pi pi-check' },
  cancel: { icon: 'pi pi-times', severity: 'secondary' },
  view: { icon: 'pi pi-eye' },
  duplicate: { icon: 'pi pi-copy' },
  history: { icon: 'pi pi-history', severity: 'secondary' },
} as const satisfies Record<string, { icon: string; severity?: ButtonProps['severity'] }>;

export type RowActionKind = keyof typeof ROW_ACTIONS;

export interface RowActionButtonProps {
  action: RowActionKind;
  /** the accessible name, naming the row */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
}

export function RowActionButton({ action, label, onClick, disabled, loading }: RowActionButtonProps) {
  const look: { icon: string; severity?: ButtonProps['severity'] } = ROW_ACTIONS[action];
  return (
    <Button
      type="button"
      icon={look.icon}
      rounded
      text
      severity={look.severity}
      aria-label={label}
      loading={loading}
      disabled={disabled}
      onClick={() => onClick()}
    />
  );
}
