/**
 * Organisations list (docs/domain.md, Organisations; route management/organizations): every organisation
 * of the platform with its contact's name (Admin Name), its default legal entity and how many farms
 * and users it has, searched by name and paged 20/50/100 on the server.
 *
 * The answer keeps two models side by side: the list items (id, name,
 * contactRow.fullName, default_Legal_EntityRow.name) and the count model (id, farm_Count,
 * user_Count), one count entry for each organisation of the page. Organisations are system-wide, so
 * only super users may list them (everyone else 403, an organisation's Administrator included); no
 * organisation needs to be chosen.
 */
import { z } from 'zod';
import { pageQuerySchema, pageSizeQuerySchema } from '../core/common.js';

export const ORGANIZATIONS_PATHS = {
  /** GET ?search=&page=&pageSize=: a page of organisations with their counts */
  list: '/api/organizations',
  /**
   * POST: a super user opens an organisation of the list. One they are not a member of they join,
   * holding its role that carries every permission (when it has one); then the organisation switch
   * (PUT /api/me/default-organization) takes them there. 204; 404 for no such active organisation.
   */
  open: '/api/organizations/:id/open',
} as const;

export const ORGANIZATIONS_SCROLL_HEIGHT = '620px';
/** The longest search text the list takes. */
export const ORGANIZATIONS_SEARCH_MAX = 200;
/** The search box asks the server after typing has paused this long (the pager delay, 500 ms). */
export const ORGANIZATIONS_SEARCH_DELAY_MS = 500;

export const organizationsQuerySchema = z.object({
  /** part of the organisation's name, ignoring case; blank: every organisation */
  search: z.string().trim().max(ORGANIZATIONS_SEARCH_MAX).optional(),
  page: pageQuerySchema,
  pageSize: pageSizeQuerySchema(),
});
export type OrganizationsQuery = z.input<typeof organizationsQuerySchema>;

export const organizationListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the organisation's contact (Admin Name); null when none is recorded */
  contactRow: z.object({ fullName: z.string() }).nullable(),
  /** the organisation's default legal entity; null when none is set */
  default_Legal_EntityRow: z.object({ name: z.string() }).nullable(),
});
export type OrganizationListItem = z.infer<typeof organizationListItemSchema>;

export const organizationCountSchema = z.object({
  id: z.number().int(),
  farm_Count: z.number().int(),
  /** members of the organisation */
  user_Count: z.number().int(),
});
export type OrganizationCount = z.infer<typeof organizationCountSchema>;

export const organizationsResponseSchema = z.object({
  /** the page, by name (ignoring case), then id */
  organizations: z.array(organizationListItemSchema),
  /** one entry for each organisation of the page */
  counts: z.array(organizationCountSchema),
  /** organisations matching the search, over all pages */
  totalRecords: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrganizationsResponse = z.infer<typeof organizationsResponseSchema>;
