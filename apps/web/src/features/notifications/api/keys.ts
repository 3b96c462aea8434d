/** Query keys: the list is filtered to the current organisation (plus notifications tied to none). */
export const notificationsKeys = {
  all: (organizationId: number | null, userId: number | null) => ['org', organizationId, 'notifications', userId] as const,
  list: (organizationId: number | null, userId: number | null) => ['org', organizationId, 'notifications', userId, 'list'] as const,
  unread: (organizationId: number | null, userId: number | null) => ['org', organizationId, 'notifications', userId, 'unread'] as const,
  /** whether a query key is one of these (the bell's own queries, whatever the organisation and user) */
  isNotifications: (queryKey: readonly unknown[]) => queryKey[0] === 'org' && queryKey[2] === 'notifications',
};
