/**
 * The season at a glance above the panels: tonnes harvested against the season's estimate, bins this
 * ISO week against packhouse capacity, blocks overdue for scouting. The server answers null for a
 * part the caller may not see; such a part is left out, and with none left the section is too. Each
 * figure links to the report it comes from.
 */
import { Message } from 'primereact/message';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-error';
import { menuLabel } from '../../../lib/i18n';
import { menuHasScreen } from '../../../lib/session/menu-utils';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useFormatters } from '../../../lib/use-formatters';
import { useSeasonAtAGlance } from '../api/get-season';

function Figure({ label, value, detail, to, report }: { label: string; value: string; detail: string; to: string; report: string }) {
  const { t } = useTranslation();
  const { menu } = useSessionContext();
  // a link only to a screen the user's menu has: the figure may be visible where its report is not
  const reachable = useMemo(() => menuHasScreen(menu, to), [menu, to]);
  return (
    <li className="season-figure">
      <span className="season-figure-label">{label}</span>
      <span className="season-figure-value">{value}</span>
      <span className="season-figure-detail">{detail}</span>
      {reachable && (
        <Link to={to} className="season-figure-link">
          {t('seasonGlance.open', { report })}
        </Link>
      )}
    </li>
  );
}

export function SeasonGlance() {
  const { t } = useTranslation();
  const format = useFormatters();
  const season = useSeasonAtAGlance();
  if (season.error) return <Message severity="error" text={errorText(season.error) || t('seasonGlance.loadFailed')} className="season-glance-error" />;
  const data = season.data;
  if (!data) return null;
  const tonnes = (n: number) => format.number(n, { maximumFractionDigits: 1 });
  const figures: ReactNode[] = [];
  if (data.harvest) {
    const h = data.harvest;
    figures.push(
      <Figure
        key="harvest"
        label={t('seasonGlance.harvest')}
        value={t('seasonGlance.harvestValue', { harvested: tonnes(h.harvestedTonnes), estimate: tonnes(h.estimateTonnes) })}
        detail={
          h.percentComplete === null
            ? t('seasonGlance.harvestNoEstimate', { season: h.season })
            : t('seasonGlance.harvestPercent', { percent: format.number(h.percentComplete, { maximumFractionDigits: 1 }), season: h.season })
        }
        to={paths.harvestPucReport}
        report={menuLabel('Harvest PUC Report')}
      />,
    );
  }
  if (data.packhouseWeek) {
    const w = data.packhouseWeek;
    figures.push(
      <Figure
        key="week"
        label={t('seasonGlance.packhouseWeek')}
        value={
          w.totalCapacity === null
            ? t('seasonGlance.packhouseNoCapacity', { bins: format.number(w.totalBins) })
            : t('seasonGlance.packhouseValue', { bins: format.number(w.totalBins), capacity: format.number(w.totalCapacity) })
        }
        detail={t('seasonGlance.packhouseWeekTitle', { week: w.week, year: w.year })}
        to={paths.pickingSchedulePackhouse}
        report={menuLabel('Packhouse Picking Schedule')}
      />,
    );
  }
  if (data.scouting) {
    const s = data.scouting;
    figures.push(
      <Figure
        key="scouting"
        label={t('seasonGlance.scouting')}
        value={t('seasonGlance.scoutingValue', { overdue: format.number(s.overdueBlocks), blocks: format.number(s.blocks) })}
        detail={t('seasonGlance.scoutingDetail', { never: format.number(s.neverScouted), days: s.requiredDays })}
        to={paths.managementInputChecks}
        report={menuLabel('Input Checks')}
      />,
    );
  }
  if (figures.length === 0) return null;
  return (
    <section className="season-glance" aria-labelledby="season-glance-heading">
      <h2 id="season-glance-heading">{t('seasonGlance.heading')}</h2>
      <ul className="season-figures">{figures}</ul>
    </section>
  );
}
