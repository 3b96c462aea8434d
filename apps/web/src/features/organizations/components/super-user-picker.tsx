/**
 * The Super User section: a search over the platform's users (from 3 characters, 500 ms after
 * typing stops) through the system-users search. A chosen user joins the draft's super users at
 * once, and removing one (its chip's remove icon, or Backspace) takes them out at once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete, type AutoCompleteCompleteEvent } from 'primereact/autocomplete';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_USER_SEARCH_DELAY_MS, SUPER_USER_SEARCH_MIN_CHARS } from '@orchard/shared/organizations';
import { type SystemUser } from '@orchard/shared/users';
import { errorText } from '../../../lib/api-error';
import { useSession } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toast';
import { superUsersQueryOptions } from '../api/search-super-users';

export function SuperUserPicker({ value, onChange }: { value: SystemUser[]; onChange: (users: SystemUser[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  const [suggestions, setSuggestions] = useState<SystemUser[]>([]);

  const search = async (e: AutoCompleteCompleteEvent) => {
    const query = e.query.trim();
    if (query.length < SUPER_USER_SEARCH_MIN_CHARS) {
      setSuggestions([]);
      return;
    }
    try {
      const found = await queryClient.fetchQuery(superUsersQueryOptions(organizationId, query));
      setSuggestions(found.filter((u) => !value.some((v) => v.id === u.id)));
    } catch (error) {
      setSuggestions([]);
      toast.error(t('organizations.create.errorTitle'), errorText(error));
    }
  };

  return (
    <div className="field super-user-picker">
      <label htmlFor={id}>{t('organizations.create.superUserSearch')}</label>
      <AutoComplete
        inputId={id}
        multiple
        value={value}
        suggestions={suggestions}
        field="userName"
        minLength={SUPER_USER_SEARCH_MIN_CHARS}
        delay={SUPER_USER_SEARCH_DELAY_MS}
        completeMethod={(e) => void search(e)}
        onChange={(e) => onChange(((e.value as SystemUser[] | null) ?? []).filter((u) => typeof u === 'object'))}
        itemTemplate={(u: SystemUser) => (
          <span>
            {u.userName} <span className="super-user-email">({u.email})</span>
          </span>
        )}
        emptyMessage={t('organizations.create.superUserNone')}
        showEmptyMessage
        aria-describedby={`${id}-hint`}
        className="w-full"
      />
      <small id={`${id}-hint`} className="field-hint">
        {t('organizations.create.superUserHint')}
      </small>
    </div>
  );
}
