/** Picking schedule, packhouse view (read-only rows), with the editable capacity table below it. */
import { CapacityTable } from '../../features/picking/components/capacity-table';
import { ScheduleView } from '../../features/picking/components/schedule-view';

export function PackhouseSchedulePage() {
  return <ScheduleView view="packhouse" below={({ pagerDate, packhouses }) => <CapacityTable pagerDate={pagerDate} packhouses={packhouses} editable />} />;
}

export default PackhouseSchedulePage;
