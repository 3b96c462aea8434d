/** Scouting capture: sessions with their observations, captured on a phone, also offline. */
import { CapturePage, tabOf } from '../components/capture-page';
import { CaptureSection } from '../components/capture-section';
import { scoutingKind } from './scouting-kind';

export function ScoutingPage() {
  return <CapturePage title="fieldCapture.scouting.title" tabs={[tabOf(scoutingKind, <CaptureSection kind={scoutingKind} />)]} />;
}

export default ScoutingPage;
