/**
 * Query keys: the attention list of the current organisation, per user. The list is shown in the
 * notifications bell's panel, so its key sits in the bell's family (['org', organisation,
 * 'notifications', user]): the bell's event stream reloads it with the notifications, and the
 * bell's wait for a settled page ignores it as one of its own.
 */
export const attentionKeys = {
  list: (organizationId: number | null, userId: number | null) => ['org', organizationId, 'notifications', userId, 'attention'] as const,
};
