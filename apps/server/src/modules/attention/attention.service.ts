/**
 * The attention list and decisions on its items (shared attention/attention.ts): the open items of every
 * source the user may use, newest first, and a decision recorded once per user and organisation.
 */
import {
  ATTENTION_LIST_MAX,
  ATTENTION_MESSAGES,
  type AttentionItem,
  type AttentionType,
  type AttentionListResponse,
  type ConfirmActionQuery,
  type ConfirmActionResponse,
} from '@orchard/shared/attention';
import type { AppDb } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { findDecisions, recordDecision } from './attention.repository';
import { ATTENTION_SOURCES, mayUse, type AttentionActor } from './attention.sources';

export async function getAttentionList(db: AppDb, actor: AttentionActor, now: Date): Promise<AttentionListResponse> {
  const open: AttentionItem[] = [];
  for (const source of ATTENTION_SOURCES.filter((s) => mayUse(actor, s))) {
    const items = await source.items(db, actor, now);
    const decisions = await findDecisions(db, actor, source.type, items.map((i) => i.actionValue));
    const decided = new Set(decisions.map((d) => d.value));
    open.push(...items.filter((i) => !decided.has(i.actionValue)));
  }
  open.sort((x, y) => y.at.localeCompare(x.at) || x.type.localeCompare(y.type) || x.actionValue.localeCompare(y.actionValue));
  return { count: open.length, items: open.slice(0, ATTENTION_LIST_MAX) };
}

/**
 * Records the user's decision on an item they can see now (else 404, as for another organisation's).
 * Repeating the same decision answers the stored one; the other decision on a decided item is 409.
 */
export async function confirmAction(db: AppDb, actor: AttentionActor, query: ConfirmActionQuery, now: Date): Promise<ConfirmActionResponse> {
  const source = ATTENTION_SOURCES.find((s) => s.type === query.type);
  if (!source || !mayUse(actor, source)) throw notFound('Attention item');
  // a decision repeated after its item was superseded still answers the stored decision
  const [earlier] = await findDecisions(db, actor, source.type, [query.action_value]);
  if (earlier) return answer(source.type, query, earlier);
  const [item] = await source.items(db, actor, now, query.action_value);
  if (!item) throw notFound('Attention item');
  return answer(source.type, query, await recordDecision(db, {
    userId: actor.userId,
    organizationId: actor.organizationId,
    type: source.type,
    value: item.actionValue,
    action: query.action,
    decidedAt: now,
  }));
}

function answer(type: AttentionType, query: ConfirmActionQuery, stored: { action: string; decidedAt: Date }): ConfirmActionResponse {
  if (stored.action !== query.action) throw new AppError('CONFLICT', ATTENTION_MESSAGES.alreadyDecided, undefined, 'attention-already-decided');
  return { type, action: query.action, actionValue: query.action_value, decidedAt: stored.decidedAt.toISOString() };
}
