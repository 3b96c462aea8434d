/** Picking schedule, packhouse view (read-only rows), with the editable capacity table below it. */
import { CapacityTable } from '../../features/packhouse-capacity/components/capacity-table';
import { ScheduleView } from '../../features/picking-schedule/components/schedule-view';

export function PackhouseSchedulePage() {
  return <ScheduleView view="packhouse" below={({ pagerDate, packhouses }) => <CapacityTable pagerDate={pagerDate} packhouses={packhouses} editable />} />;
}

export default PackhouseSchedulePage;
