/** The week pager: previous and next week around the shown pager date. */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { isoWeekOf } from '@orchard/shared/picking';

export function WeekPager({ date, onMove, disabled }: { date: string | null; onMove: (weeks: number) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const week = date ? isoWeekOf(date) : null;
  return (
    <div className="week-pager" role="group" aria-label={t('picking.pagerWeek', { week: week?.week ?? '', year: week?.year ?? '' })}>
      <Button
        type="button"
        icon="pi pi-chevron-left"
        text
        aria-label={t('picking.previousWeek')}
        onClick={() => onMove(-1)}
        disabled={disabled || !week}
      />
      <span className="week-pager-label" aria-live="polite" data-testid="week-pager-label">
        {week ? t('picking.pagerWeek', { week: week.week, year: week.year }) : ''}
      </span>
      <Button type="button" icon="pi pi-chevron-right" text aria-label={t('picking.nextWeek')} onClick={() => onMove(1)} disabled={disabled || !week} />
    </div>
  );
}
