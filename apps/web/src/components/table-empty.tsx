/**
 * What a table shows where it has no rows: skeleton rows, announced as loading, until the table's
 * first answer has come; then the empty text. Never "No data found" for data that has not arrived.
 * A failed answer counts as come (the screen shows the error, and the table its empty text).
 */
import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';

export interface AnswerState {
  data: unknown;
  isError: boolean;
}

/** Whether a query has answered at least once, with data or with an error. */
export const hasAnswered = (query: AnswerState): boolean => query.data !== undefined || query.isError;

export const TABLE_SKELETON_ROWS = 3;

export function TableEmpty({ answered, text }: { answered: boolean; text: string }) {
  const { t } = useTranslation();
  if (answered) return <>{text}</>;
  return (
    <div className="table-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('app.loading')}</span>
      {Array.from({ length: TABLE_SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} height="1.25rem" className="table-skeleton-row" />
      ))}
    </div>
  );
}
