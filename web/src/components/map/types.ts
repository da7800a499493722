import type { Campus, CampusId, GeoLoc, LatLng, TimestampLike } from '@campus-safety/model';
import type { MappableIncident } from './markers';

/** Props of the lazily loaded maps, importable without loading Leaflet. */
export interface MapIncident extends MappableIncident {
  timestamp: TimestampLike;
}

export interface IncidentsMapProps {
  incidents: readonly MapIncident[];
  /** The campuses in scope: drawn, and kept in view. */
  campuses: readonly CampusId[];
  onOpen: (id: string) => void;
  heightClass?: string;
}

export interface LocationMapProps {
  latitude: number;
  longitude: number;
}

export interface TrackMapProps {
  /** Oldest first; at least one. */
  points: readonly { lat: number; lng: number }[];
}

export interface Hotspot {
  campus: CampusId;
  count: number;
}

export interface HotspotsMapProps {
  hotspots: readonly Hotspot[];
  /** e.g. "the last 30 days", for the map's label. */
  period: string;
}

export interface AreaPreviewMapProps {
  /** The campus being edited, as drafted. */
  campus: Campus;
  /** The institution's other active campuses, drawn around it. */
  others: readonly Campus[];
  /** Given: the boundary's corners are edited on the map, each finished edit handed back. */
  onBoundary?: (ring: LatLng[]) => void;
}

export interface DrawBoundaryMapProps {
  /** The institution's active campuses, drawn around the new one (and framing the map). */
  others: readonly Campus[];
  /** Where the map opens when there is no campus yet (the institution's map view). */
  view: GeoLoc;
  /** The drawn outline, once closed. */
  onBoundary: (ring: LatLng[]) => void;
}

export interface PinPickerMapProps {
  /** The campus framed (the reporter picks it; the pin may go anywhere on the map). */
  campus: Campus;
  value: GeoLoc | null;
  onPick: (point: GeoLoc) => void;
}
