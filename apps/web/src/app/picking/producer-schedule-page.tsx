/** Picking schedule, producer view, with the capacity table below it (read-only here). */
import { CapacityTable } from '../../features/picking/components/capacity-table';
import { ScheduleView } from '../../features/picking/components/schedule-view';

export function ProducerSchedulePage() {
  return <ScheduleView view="producer" below={({ pagerDate, packhouses }) => <CapacityTable pagerDate={pagerDate} packhouses={packhouses} editable={false} />} />;
}

export default ProducerSchedulePage;
