/**
 * Packhouse management (docs/domain.md, Packhouses). Packhouses are a global list that
 * organisations link to; the list of an organisation is what it links or owns.
 *
 * - Suggestions search every packhouse by name (the Packhouse Setup autocomplete links an existing
 *   one), so names and short names are the one thing shared across organisations; packhouses
 *   already in the organisation's list are left out.
 * - Adding with an id links that packhouse (short name ignored); adding with a name creates a new
 *   packhouse that the organisation runs (owner) and links it. Names are unique ignoring case and
 *   spacing (around the name and inside it), across every organisation (409 when taken; suggestions
 *   offer the existing one). The name is stored as given, only trimmed.
 * - Removing unlinks. It is refused (409) while the organisation still has picking schedule rows
 *   addressed to the packhouse, and for a packhouse the organisation runs (unlinking would not
 *   take it off the list, and giving up ownership would orphan its capacity and other growers'
 *   rows addressed to it).
 */
import {
  PACKHOUSE_LIST_MAX,
  PACKHOUSE_MESSAGES,
  PACKHOUSE_SUGGESTION_MAX,
  type AddPackhouseBody,
  type ManagedPackhouse,
} from '@orchard/shared/packhouses';
import type { AppDb } from '../../db/client';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-trail/index';
import {
  findOrganisationPackhouse,
  findOrganisationPackhouses,
  findPackhouse,
  findSuggestions,
  hasPickingRows,
  insertPackhouse,
  linkPackhouse,
  unlinkPackhouse,
} from './packhouses.repository';

function toManaged(organizationId: number, p: { id: number; name: string; shortname: string | null; ownerOrganizationId: number | null }): ManagedPackhouse {
  return { id: p.id, name: p.name, shortname: p.shortname, owned: p.ownerOrganizationId === organizationId };
}

export async function listPackhouses(db: AppDb, organizationId: number): Promise<ManagedPackhouse[]> {
  const rows = await findOrganisationPackhouses(db, organizationId, PACKHOUSE_LIST_MAX);
  return rows.map((p) => toManaged(organizationId, p));
}

export async function suggestPackhouses(db: AppDb, organizationId: number, query: string) {
  return findSuggestions(db, organizationId, query, PACKHOUSE_SUGGESTION_MAX);
}

/** The caller of a change: the member in the current organisation. */
export interface PackhouseActor extends AuditActor {
  organizationId: number;
}

/** Linking and unlinking are the organisation's list changing: recorded as a create and a delete of the link. */
const linkAudit = (organizationId: number, p: { id: number; name: string; shortname: string | null }) =>
  ({ organizationId, area: 'packhouses', entityType: 'packhouse', entityId: p.id, label: p.name }) as const;
const auditedPackhouse = (p: { name: string; shortname: string | null }, owned: boolean) => ({ name: p.name, shortname: p.shortname, owned });

export async function addPackhouse(db: AppDb, actor: PackhouseActor, body: AddPackhouseBody): Promise<ManagedPackhouse> {
  const { organizationId } = actor;
  if (body.id !== undefined && body.id !== null) {
    const id = body.id;
    return db.transaction(async (tx) => {
      const existing = await findPackhouse(tx, id);
      if (!existing) throw notFound('Packhouse');
      if (await findOrganisationPackhouse(tx, organizationId, id)) {
        throw conflict(PACKHOUSE_MESSAGES.alreadyLinked);
      }
      await linkPackhouse(tx, organizationId, id);
      const managed = toManaged(organizationId, existing);
      await recordAudit(tx, actor, { ...linkAudit(organizationId, managed), action: 'create', after: auditedPackhouse(managed, managed.owned) });
      return managed;
    });
  }
  const name = body.name?.trim() ?? '';
  if (name === '') throw validationFailed(PACKHOUSE_MESSAGES.nameRequired, [{ field: 'name', message: PACKHOUSE_MESSAGES.nameRequired }]);
  const shortName = body.shortname?.trim() || null;
  return db.transaction(async (tx) => {
    const created = await insertPackhouse(tx, { name, shortName, ownerOrganizationId: organizationId });
    if (!created) throw conflict(PACKHOUSE_MESSAGES.nameTaken);
    await linkPackhouse(tx, organizationId, created.id);
    const managed = toManaged(organizationId, created);
    await recordAudit(tx, actor, { ...linkAudit(organizationId, managed), action: 'create', after: auditedPackhouse(managed, managed.owned) });
    return managed;
  });
}

export async function removePackhouse(db: AppDb, actor: PackhouseActor, id: number): Promise<void> {
  const { organizationId } = actor;
  await db.transaction(async (tx) => {
    const packhouse = await findOrganisationPackhouse(tx, organizationId, id);
    if (!packhouse) throw notFound('Packhouse');
    if (packhouse.ownerOrganizationId === organizationId) throw conflict(PACKHOUSE_MESSAGES.owned);
    if (await hasPickingRows(tx, organizationId, id)) throw conflict(PACKHOUSE_MESSAGES.inUse);
    await unlinkPackhouse(tx, organizationId, id);
    const managed = toManaged(organizationId, packhouse);
    await recordAudit(tx, actor, { ...linkAudit(organizationId, managed), action: 'delete', before: auditedPackhouse(managed, managed.owned) });
  });
}
