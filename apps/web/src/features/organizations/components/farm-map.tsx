/**
 * The farm's place on a map (Leaflet through react-leaflet): a draggable marker starting at a fixed
 * default position. Dropping the marker hands its coordinates to the latitude and longitude
 * fields; coordinates typed there move the marker (the keyboard way to place a farm). Tiles come
 * from VITE_MAP_TILE_URL (default: the public OpenStreetMap tiles); without them the marker and the
 * coordinates still work (components/map-layers).
 */
import type L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { FARM_MAP_DEFAULT_POSITION, FARM_MAP_DEFAULT_ZOOM } from '@orchard/shared/organizations';
import { MARKER_ICON, TILE_ATTRIBUTION, TILE_URL } from '../../../components/map-layers';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Keeps the map sized to its box (the dialog animates open) and the marker in view when typed. */
function MapFollower({ position }: { position: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  useEffect(() => {
    if (position && !map.getBounds().contains([position.lat, position.lng])) map.panTo([position.lat, position.lng]);
  }, [map, position]);
  return null;
}

export function FarmMap({ position, onMove, label }: { position: LatLng | null; onMove: (position: LatLng) => void; label: string }) {
  const markerAt = position ?? FARM_MAP_DEFAULT_POSITION;
  const handlers = useMemo(
    () => ({
      dragend: (e: L.LeafletEvent) => {
        const at = (e.target as L.Marker).getLatLng();
        onMove({ lat: at.lat, lng: at.lng });
      },
    }),
    [onMove],
  );
  return (
    <div className="farm-map" role="group" aria-label={label}>
      <MapContainer
        center={[FARM_MAP_DEFAULT_POSITION.lat, FARM_MAP_DEFAULT_POSITION.lng]}
        zoom={FARM_MAP_DEFAULT_ZOOM}
        scrollWheelZoom={false}
        className="farm-map-canvas"
      >
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        <Marker position={[markerAt.lat, markerAt.lng]} draggable icon={MARKER_ICON} eventHandlers={handlers} alt={label} />
        <MapFollower position={position} />
      </MapContainer>
    </div>
  );
}
