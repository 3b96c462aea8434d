/**
 * Linking a user of another organisation (super users with users.linkOrganisation): the UserName
 * field suggests system users that are not members yet, and picking one asks whether to link them
 * here instead of creating a new user. Declining carries on with the new user.
 */
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete, type AutoCompleteCompleteEvent } from 'primereact/autocomplete';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemUser } from '@orchard/shared/users';
import { errorText } from '../../../lib/api-error';
import { useSession } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toast';
import { systemUsersQueryOptions } from '../api/get-system-users';
import { useLinkUser } from '../api/link-user';

export interface LinkPromptState {
  /** the user picked in the autocomplete, waiting for the confirmation */
  candidate: SystemUser | null;
  pick: (user: SystemUser) => void;
  confirm: () => Promise<void>;
  decline: () => void;
  isPending: boolean;
}

/** onLinked after a successful link; onDeclined when the picked user is not linked. */
export function useLinkPrompt({ onLinked, onDeclined }: { onLinked: () => void; onDeclined: () => void }): LinkPromptState {
  const { t } = useTranslation();
  const link = useLinkUser();
  const [candidate, setCandidate] = useState<SystemUser | null>(null);

  const confirm = async () => {
    const picked = candidate;
    setCandidate(null);
    if (!picked) return;
    try {
      await link.mutateAsync(picked.id);
      toast.success(t('users.success'), t('users.linked', { userName: picked.userName }));
      onLinked();
    } catch (err) {
      toast.error(t('users.linkError'), `${t('users.linkErrorText')}\n${errorText(err)}`, true);
    }
  };

  const decline = () => {
    setCandidate(null);
    onDeclined();
  };

  return { candidate, pick: setCandidate, confirm, decline, isPending: link.isPending };
}

export interface SystemUserAutoCompleteProps {
  inputId: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  onPick: (user: SystemUser) => void;
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
}

/** The UserName field as an autocomplete of system users. */
export function SystemUserAutoComplete({ inputId, value, onChange, onBlur, onPick, disabled, invalid, describedBy }: SystemUserAutoCompleteProps) {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  const [suggestions, setSuggestions] = useState<SystemUser[]>([]);

  const complete = async (e: AutoCompleteCompleteEvent) => {
    const query = e.query.trim();
    if (!query) return setSuggestions([]);
    try {
      setSuggestions(await queryClient.fetchQuery(systemUsersQueryOptions(organizationId, query)));
    } catch {
      setSuggestions([]);
    }
  };

  return (
    <AutoComplete
      inputId={inputId}
      value={value}
      suggestions={suggestions}
      completeMethod={(e) => void complete(e)}
      minLength={1}
      delay={250}
      field="userName"
      itemTemplate={(s: SystemUser) => (
        <div className="system-user-option">
          <span className="system-user-name">{s.userName}</span>
          <span className="system-user-email">{s.email}</span>
        </div>
      )}
      onChange={(e) => {
        if (typeof e.value === 'string') onChange(e.value);
      }}
      onSelect={(e) => onPick(e.value as SystemUser)}
      onBlur={onBlur}
      disabled={disabled}
      invalid={invalid}
      aria-describedby={describedBy}
      className="w-full"
      inputClassName="w-full"
    />
  );
}

/** The question asked after a system user is picked. */
export function LinkPrompt({ prompt }: { prompt: LinkPromptState }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={prompt.candidate !== null}
      onHide={(result) => {
        if (result !== 'accept') prompt.decline();
      }}
      header={t('users.linkTitle')}
      message={t('users.linkConfirm')}
      icon="pi pi-link"
      acceptLabel={t('users.yes')}
      rejectLabel={t('users.no')}
      accept={() => void prompt.confirm()}
      reject={prompt.decline}
    />
  );
}
