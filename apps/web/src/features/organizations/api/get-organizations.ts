/**
 * GET /api/organizations?search=&page=&pageSize=: a page of the platform's organisations with their
 * counts. System-wide and for super users only, so it is not asked per organisation.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATIONS_PATHS, organizationsResponseSchema } from '@orchard/shared/organizations';
import { apiRequest } from '../../../lib/api-client';
import { organizationsKeys } from './keys';

export interface OrganizationsPageRequest {
  /** blank: every organisation */
  search: string;
  /** 1-based */
  page: number;
  pageSize: number;
}

export function organizationsSearch({ search, page, pageSize }: OrganizationsPageRequest): string {
  const params = new URLSearchParams();
  if (search.trim() !== '') params.set('search', search.trim());
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return `?${params.toString()}`;
}

export const getOrganizations = (request: OrganizationsPageRequest) =>
  apiRequest(`${ORGANIZATIONS_PATHS.list}${organizationsSearch(request)}`, { schema: organizationsResponseSchema });

export const organizationsQueryOptions = (request: OrganizationsPageRequest) =>
  queryOptions({
    queryKey: organizationsKeys.page(request.search.trim(), request.page, request.pageSize),
    queryFn: () => getOrganizations(request),
    placeholderData: keepPreviousData,
  });

export function useOrganizations(request: OrganizationsPageRequest) {
  return useQuery(organizationsQueryOptions(request));
}
