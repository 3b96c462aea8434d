/** An entry's changes as a list: "field: before → after" (a create shows the values, a delete what was removed). */
import { auditChangeLines, type AuditEntry } from '@orchard/shared/audit-trail';

export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const lines = auditChangeLines(entry.action, entry.changes);
  if (lines.length === 0) return null;
  return (
    <ul className="audit-changes">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
