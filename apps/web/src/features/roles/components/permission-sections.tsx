/** Permissions as checkboxes in accordion sections, with Select All, Select None and a per-group toggle (docs/domain.md, Roles). */
import { Accordion, AccordionTab } from 'primereact/accordion';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { groupSelection, selectAll, selectNone, toggleGroup, togglePermission, type PermissionGroup } from '../permission-groups';

export interface PermissionSectionsProps {
  groups: readonly PermissionGroup[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  readOnly: boolean;
}

export function PermissionSections({ groups, value, onChange, readOnly }: PermissionSectionsProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const groupLabel = (name: string) => t(`roles.groups.${name}`, { defaultValue: name });
  return (
    <fieldset className="permission-sections">
      <legend className="field-label">{t('roles.permissions')}</legend>
      {!readOnly && (
        <div className="permission-links">
          <Button type="button" link size="small" label={t('roles.selectAll')} onClick={() => onChange(selectAll(groups))} />
          <Button type="button" link size="small" label={t('roles.selectNone')} onClick={() => onChange(selectNone())} />
        </div>
      )}
      <Accordion multiple activeIndex={[0]}>
        {groups.map((group, gi) => {
          const selection = groupSelection(group, value);
          const count = group.permissions.filter((p) => value.includes(p.value)).length;
          const toggleId = `${baseId}-g${gi}`;
          return (
            <AccordionTab
              key={group.groupName}
              header={
                <span className="permission-group-header">
                  <span>{groupLabel(group.groupName)}</span>
                  <span className="permission-group-count">
                    {t('roles.groupCount', { selected: count, total: group.permissions.length })}
                  </span>
                </span>
              }
            >
              <div className="permission-group-toggle">
                <Checkbox
                  inputId={toggleId}
                  checked={selection === 'all'}
                  className={selection === 'some' ? 'permission-partial' : undefined}
                  disabled={readOnly}
                  onChange={() => onChange(toggleGroup(groups, value, group.groupName))}
                />
                <label htmlFor={toggleId}>{t('roles.toggleGroup', { group: groupLabel(group.groupName) })}</label>
              </div>
              <ul className="permission-list">
                {group.permissions.map((p, pi) => {
                  const id = `${baseId}-g${gi}-p${pi}`;
                  return (
                    <li key={p.value}>
                      <Checkbox
                        inputId={id}
                        value={p.value}
                        checked={value.includes(p.value)}
                        disabled={readOnly}
                        onChange={() => onChange(togglePermission(groups, value, p.value))}
                        aria-describedby={`${id}-d`}
                      />
                      <span className="permission-text">
                        <label htmlFor={id}>{t(`roles.permissionNames.${p.value}`, { defaultValue: p.name })}</label>
                        <small id={`${id}-d`}>{p.description}</small>
                      </span>
                    </li>
                  );
                })}
              </ul>
            </AccordionTab>
          );
        })}
      </Accordion>
    </fieldset>
  );
}
