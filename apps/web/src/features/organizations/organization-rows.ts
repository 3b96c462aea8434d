/**
 * The table's rows: the answer's list items joined with their count model by id (the server sends
 * two models side by side). An organisation without a count entry shows no counts.
 */
import type { OrganizationsResponse } from '@orchard/shared/organizations';

export interface OrganizationRow {
  id: number;
  name: string;
  adminName: string;
  defaultLegalEntity: string;
  farmCount: number | null;
  userCount: number | null;
}

export function organizationRows(answer: OrganizationsResponse | undefined): OrganizationRow[] {
  if (!answer) return [];
  const counts = new Map(answer.counts.map((c) => [c.id, c]));
  return answer.organizations.map((o) => {
    const count = counts.get(o.id);
    return {
      id: o.id,
      name: o.name,
      adminName: o.contactRow?.fullName ?? '',
      defaultLegalEntity: o.default_Legal_EntityRow?.name ?? '',
      farmCount: count?.farm_Count ?? null,
      userCount: count?.user_Count ?? null,
    };
  });
}
