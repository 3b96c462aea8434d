/**
 * The traps over threshold on a map (Leaflet, the map of the organisations screen): a marker per
 * trap, framed to show them all, each with its trap, block, pest and last count as its text. Loaded
 * on request only, so the dashboard asks for no tiles until the user opens the map.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { PestDashboardResponse } from '@orchard/shared/pest-dashboard';
import { MARKER_ICON, TILE_ATTRIBUTION, TILE_URL } from '../../../components/map-layers';
import { useFormatters } from '../../../lib/use-formatters';

type TrapRow = PestDashboardResponse['trapsOverThreshold']['rows'][number];

/** the closest a frame of one trap zooms in */
const MAX_ZOOM = 16;

/** Frames the traps whenever they change, and keeps the map sized to its box. */
function Frame({ traps }: { traps: readonly TrapRow[] }) {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  useEffect(() => {
    if (traps.length === 0) return;
    map.fitBounds(
      traps.map((t) => [t.lat, t.lng] as [number, number]),
      { padding: [24, 24], maxZoom: MAX_ZOOM },
    );
  }, [map, traps]);
  return null;
}

export function TrapMap({ traps }: { traps: readonly TrapRow[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const first = traps[0];
  if (!first) return null;
  return (
    <div className="pest-trap-map" role="group" aria-label={t('pestDashboard.trapsOver.map')}>
      <MapContainer center={[first.lat, first.lng]} zoom={MAX_ZOOM} scrollWheelZoom={false} className="pest-trap-map-canvas">
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        {traps.map((r) => {
          const text = t('pestDashboard.trapsOver.marker', {
            trap: r.code ? `${r.code} (${r.trapTypeName})` : r.trapTypeName,
            farm: r.farmName,
            block: r.blockName,
            pest: r.pestName,
            count: format.number(r.lastCount),
          });
          return (
            <Marker key={r.trapId} position={[r.lat, r.lng]} icon={MARKER_ICON} alt={text} title={text}>
              <Tooltip>{text}</Tooltip>
            </Marker>
          );
        })}
        <Frame traps={traps} />
      </MapContainer>
    </div>
  );
}

export default TrapMap;
