/** Trap capture: place traps and record their inspections, in tabs, on a phone, also offline. */
import { CapturePage, tabOf } from '../components/capture-page';
import { CaptureSection } from '../components/capture-section';
import { inspectionKind } from './inspection-kind';
import { trapKind } from './trap-kind';

export function TrapsPage() {
  return (
    <CapturePage
      title="fieldCapture.traps.title"
      tabs={[tabOf(inspectionKind, <CaptureSection kind={inspectionKind} />), tabOf(trapKind, <CaptureSection kind={trapKind} />)]}
    />
  );
}

export default TrapsPage;
