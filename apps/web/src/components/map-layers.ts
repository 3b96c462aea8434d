/**
 * What every map of the app shares (Leaflet): its stylesheet, the marker icon and the tile source.
 * Tiles come from VITE_MAP_TILE_URL (default: the public OpenStreetMap tiles); without them the
 * markers still work. Imported only by lazily loaded map components, so Leaflet stays off other routes.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { FARM_MAP_TILE_ATTRIBUTION_DEFAULT, FARM_MAP_TILE_URL_DEFAULT } from '@orchard/shared/organizations';

/** Leaflet finds its marker images by CSS path guessing, which a bundler breaks: name them outright. */
export const MARKER_ICON = L.icon({
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
export const TILE_URL = env.VITE_MAP_TILE_URL || FARM_MAP_TILE_URL_DEFAULT;
export const TILE_ATTRIBUTION = env.VITE_MAP_TILE_ATTRIBUTION || FARM_MAP_TILE_ATTRIBUTION_DEFAULT;
