/** Phenology capture: stage observations per block, captured on a phone, also offline. */
import { CapturePage, tabOf } from '../components/capture-page';
import { CaptureSection } from '../components/capture-section';
import { phenologyKind } from './phenology-kind';

export function PhenologyPage() {
  return <CapturePage title="fieldCapture.phenology.title" tabs={[tabOf(phenologyKind, <CaptureSection kind={phenologyKind} />)]} />;
}

export default PhenologyPage;
