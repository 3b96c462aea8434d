/**
 * The farm's place on a map (Leaflet through react-leaflet): a draggable marker starting at a fixed
 * default position. Dropping the marker hands its coordinates to the latitude and longitude
 * fields; coordinates typed there move the marker (the keyboard way to place a farm). Tiles come
 * from VITE_MAP_TILE_URL (default: the public OpenStreetMap tiles); without them the marker and the
 * coordinates still work.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import {
  FARM_MAP_DEFAULT_POSITION,
  FARM_MAP_DEFAULT_ZOOM,
  FARM_MAP_TILE_ATTRIBUTION_DEFAULT,
  FARM_MAP_TILE_URL_DEFAULT,
} from '@orchard/shared';

/** Leaflet finds its marker images by CSS path guessing, which a bundler breaks: name them outright. */
const MARKER_ICON = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

const env = import.meta.env as Record<string, string | undefined>;
const TILE_URL = env.VITE_MAP_TILE_URL || FARM_MAP_TILE_URL_DEFAULT;
const TILE_ATTRIBUTION = env.VITE_MAP_TILE_ATTRIBUTION || FARM_MAP_TILE_ATTRIBUTION_DEFAULT;

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
