/**
 * The audit trail's view of picking schedule changes (docs/domain.md, Audit trail): a producer row
 * as its packhouse, figures and one field per stored week; a daily PUC cell as its bins, packhouse
 * and progress; packhouse capacity as one field per week. Read in the change's transaction.
 */
import type { AppDb } from '../../db/client';
import { findRowForAudit } from './picking-audit.repository';

export async function auditedRow(tx: AppDb, organizationId: number, id: number) {
  const found = await findRowForAudit(tx, organizationId, id);
  if (!found) return null;
  const { row, weeks } = found;
  return {
    label: `${row.puc} ${row.variety} → ${row.packhouse}`,
    fields: {
      packhouse: row.packhouse,
      estimatedFirstWeek: row.estimatedFirstWeek,
      expectedProjectedTonnes: row.expectedProjectedTonnes,
      firstProjectedTonnes: row.firstProjectedTonnes,
      avgBinWeight: row.avgBinWeight,
      ...Object.fromEntries(weeks.map((w) => [`bins ${w.year}-W${String(w.week).padStart(2, '0')}`, w.binCount])),
    },
  };
}
