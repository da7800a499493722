import { useMemo } from 'react';
import { divIcon, latLngBounds, type LatLngTuple } from 'leaflet';
import { Marker, Polyline } from 'react-leaflet';
import { activeCampuses } from '@campus-safety/model';
import { useCampuses } from '../../data/settings';
import { CampusMap } from './CampusMap';
import type { TrackMapProps } from './types';

const SPAN_DEGREES = 0.002;

const NOW = divIcon({
  className: 'incident-pin',
  iconSize: [18, 18],
  html: '<span class="incident-dot" style="background:#dc2626"></span>',
});

/** An emergency's live track: the line of its points, oldest to newest, and a pin at the latest. */
export default function TrackMap({ points }: TrackMapProps) {
  const campuses = activeCampuses(useCampuses());
  const line = useMemo(() => points.map((p): LatLngTuple => [p.lat, p.lng]), [points]);
  const last = line[line.length - 1]!;
  const bounds = useMemo(() => {
    const lats = line.map((p) => p[0]);
    const lngs = line.map((p) => p[1]);
    return latLngBounds([
      [Math.min(...lats) - SPAN_DEGREES, Math.min(...lngs) - SPAN_DEGREES],
      [Math.max(...lats) + SPAN_DEGREES, Math.max(...lngs) + SPAN_DEGREES],
    ]);
  }, [line]);
  return (
    <CampusMap
      label={`Map of the person's track: ${points.length} point${points.length === 1 ? '' : 's'}, the latest pinned`}
      bounds={bounds}
      // Refit when the person moves to a new spot, not on every render.
      fitKey={`${last[0].toFixed(4)},${last[1].toFixed(4)}`}
      campuses={campuses}
      heightClass="h-72"
    >
      <Polyline positions={line} pathOptions={{ color: '#dc2626', weight: 3 }} />
      <Marker position={last} icon={NOW} interactive={false} keyboard={false} />
    </CampusMap>
  );
}
