/** Irrigation capture: tensiometer readings and water applied, in tabs, captured on a phone, also offline. */
import { CapturePage, tabOf } from '../components/capture-page';
import { CaptureSection } from '../components/capture-section';
import { tensiometerKind } from './tensiometer-kind';
import { waterKind } from './water-kind';

export function IrrigationPage() {
  return (
    <CapturePage
      title="fieldCapture.irrigation.title"
      tabs={[tabOf(tensiometerKind, <CaptureSection kind={tensiometerKind} />), tabOf(waterKind, <CaptureSection kind={waterKind} />)]}
    />
  );
}

export default IrrigationPage;
