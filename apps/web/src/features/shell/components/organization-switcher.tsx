/** Organisation dropdown: 200 px scrollable panel, the current organisation disabled. */
import { Dropdown } from 'primereact/dropdown';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ORGANISATION_DROPDOWN_MAX_HEIGHT_PX } from '../../../lib/ui-constants';
import { type Organization } from '@orchard/shared/shell';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useSwitchOrganization } from '../api/switch-organization';

export function OrganizationSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { organizations, organizationId } = useSessionContext();
  const switcher = useSwitchOrganization();
  const currentName = organizations.find((o) => o.id === organizationId)?.name;

  return (
    <div className={`organization-switcher ${className ?? ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('shell.organization')}
      </label>
      <Dropdown
        inputId={id}
        value={organizationId}
        options={organizations}
        optionLabel="name"
        optionValue="id"
        optionDisabled={(o: Organization) => o.id === organizationId}
        scrollHeight={`${ORGANISATION_DROPDOWN_MAX_HEIGHT_PX}px`}
        disabled={switcher.isPending}
        placeholder={t('shell.organization')}
        ariaLabel={t('shell.organization')}
        onChange={(e) => {
          const next = organizations.find((o) => o.id === e.value);
          if (next && next.id !== organizationId) switcher.mutate(next);
        }}
        pt={{
          // PrimeReact sets aria-activedescendant="dropdownItem_-1" on the root div while focused: not allowed on a
          // div without a role, and it names no element (axe: aria-allowed-attr, aria-valid-attr-value)
          // the whole name on hover where the field cuts it short (in the hamburger menu it wraps)
          root: { 'aria-activedescendant': undefined, title: currentName } as never,
          // the focusable input (labelled above) is what assistive tech talks to; the form-only select is hidden from it
          select: { 'aria-hidden': true } as never,
          // expose the current organisation's disabled state to assistive tech (and tests)
          item: ((o: { context: { disabled: boolean } }) => ({ 'aria-disabled': o.context.disabled })) as never,
        }}
        panelClassName="organization-panel"
        className="organization-dropdown"
      />
    </div>
  );
}
