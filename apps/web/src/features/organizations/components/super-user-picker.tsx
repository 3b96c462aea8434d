/**
 * The Super User section: get super users (platform operators) by part of their name, from 3
 * characters, 500 ms after typing stops. A chosen super user joins the draft's super users at once,
 * and removing one (its chip's remove icon, or Backspace) takes them out at once; they become
 * members of the new organisation holding Administrator when it is saved, as its creator does.
 */
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete, type AutoCompleteCompleteEvent } from 'primereact/autocomplete';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_USER_SEARCH_DELAY_MS, SUPER_USER_SEARCH_MIN_CHARS, type SuperUser } from '@orchard/shared/organizations';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { superUsersQueryOptions } from '../api/search-super-users';

export function SuperUserPicker({ value, onChange }: { value: SuperUser[]; onChange: (users: SuperUser[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [suggestions, setSuggestions] = useState<SuperUser[]>([]);

  const search = async (e: AutoCompleteCompleteEvent) => {
    const query = e.query.trim();
    if (query.length < SUPER_USER_SEARCH_MIN_CHARS) {
      setSuggestions([]);
      return;
    }
    try {
      const found = await queryClient.fetchQuery(superUsersQueryOptions(query));
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
        field="fullName"
        minLength={SUPER_USER_SEARCH_MIN_CHARS}
        delay={SUPER_USER_SEARCH_DELAY_MS}
        completeMethod={(e) => void search(e)}
        onChange={(e) => onChange(((e.value as SuperUser[] | null) ?? []).filter((u) => typeof u === 'object'))}
        itemTemplate={(u: SuperUser) => (
          <span>
            {u.fullName} <span className="super-user-email">({u.userName})</span>
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
