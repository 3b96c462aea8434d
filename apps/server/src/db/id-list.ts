/**
 * A list of ids as one array parameter: `column = any($1::int[])`. Drizzle's inArray writes a
 * parameter per id (`in ($1, ..., $1313)`), so the statement's text changes with the list's length
 * and a long list costs its parameters' binding and the parsing of a long statement on every
 * request (a schedule footer over 1,000 rows: BENCHMARKS.md, Section `picking`). For lists that can be long (every row of a
 * view); short lists may stay with inArray.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export function inIdList(column: SQLWrapper, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}
