/** POST /api/action/ConfirmAction?type=&action=&action_value= (no body): the user's decision on an attention item. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ATTENTION_PATHS,
  confirmActionResponseSchema,
  type AttentionAction,
  type AttentionType,
} from '@orchard/shared/attention';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { attentionKeys } from './keys';

export interface ConfirmActionInput {
  type: AttentionType;
  action: AttentionAction;
  actionValue: string;
}

export const confirmAction = (organizationId: number, { type, action, actionValue }: ConfirmActionInput) => {
  const query = new URLSearchParams({ type, action, action_value: actionValue });
  return apiRequest(`${ATTENTION_PATHS.confirm}?${query.toString()}`, { method: 'POST', tenant: organizationId, schema: confirmActionResponseSchema });
};

/** Records the decision, then reads the list again (also after a failure: the item may be gone). */
export function useConfirmAction() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  const userId = useSession((s) => s.userId);
  return useMutation({
    mutationFn: (input: ConfirmActionInput) => confirmAction(organizationId as number, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attentionKeys.list(organizationId, userId) }),
  });
}
