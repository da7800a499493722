import { useMemo } from 'react';
import { latLngBounds } from 'leaflet';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { CAMPUSES } from '@campus-safety/model';
import { useCampusAreas } from '../../data/settings';
import { CampusMap } from './CampusMap';
import { campusCorners, hotspotRadius, MAX_HOTSPOT_RADIUS_PX } from './markers';
import type { HotspotsMapProps } from './types';

/** Graduated circles: one per campus in scope, at its centre, sized by its reports in the period. */
export default function HotspotsMap({ hotspots, period }: HotspotsMapProps) {
  const areas = useCampusAreas();
  const max = Math.max(0, ...hotspots.map((h) => h.count));
  const campuses = hotspots.length ? hotspots.map((h) => h.campus) : CAMPUSES;
  const bounds = useMemo(
    () => latLngBounds(campuses.flatMap((c) => campusCorners(c, areas))),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [campuses.join('|'), areas],
  );
  return (
    <CampusMap
      label={`Map of reports per campus over ${period}`}
      bounds={bounds}
      fitKey={campuses.join('|')}
      campuses={campuses}
      heightClass="h-96"
      labelBesideOffset={MAX_HOTSPOT_RADIUS_PX + 4}
    >
      {hotspots
        .filter((h) => h.count > 0)
        .map(({ campus, count }) => {
          const { latitude, longitude } = areas[campus].centre;
          return (
            <CircleMarker
              key={campus}
              center={[latitude, longitude]}
              radius={hotspotRadius(count, max)}
              pathOptions={{ color: '#b91c1c', weight: 2, fillColor: '#ef4444', fillOpacity: 0.35 }}
            >
              <Tooltip direction="top">
                {campus}: {count} {count === 1 ? 'report' : 'reports'}
              </Tooltip>
            </CircleMarker>
          );
        })}
    </CampusMap>
  );
}
