import { useMemo } from 'react';
import { latLngBounds } from 'leaflet';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { activeCampuses, campusOf, type Campus } from '@campus-safety/model';
import { useCampuses } from '../../data/settings';
import { CampusMap } from './CampusMap';
import { campusCorners, hotspotRadius, MAX_HOTSPOT_RADIUS_PX } from './markers';
import type { HotspotsMapProps } from './types';

/** Graduated circles: one per campus in scope, at its centre, sized by its reports in the period. */
export default function HotspotsMap({ hotspots, period }: HotspotsMapProps) {
  const all = useCampuses();
  const max = Math.max(0, ...hotspots.map((h) => h.count));
  const shown = hotspots.length
    ? hotspots.flatMap((h) => {
        const campus = campusOf(all, h.campus);
        return campus ? [{ campus, count: h.count }] : [];
      })
    : activeCampuses(all).map((campus) => ({ campus, count: 0 }));
  const campuses: Campus[] = shown.map((h) => h.campus);
  const fitKey = campuses.map((c) => c.id).join('|');
  const bounds = useMemo(
    () => latLngBounds(campuses.flatMap((c) => campusCorners(c))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit for another set of campuses only
    [fitKey, all],
  );
  return (
    <CampusMap
      label={`Map of reports per campus over ${period}`}
      bounds={bounds}
      fitKey={fitKey}
      campuses={campuses}
      heightClass="h-96"
      labelBesideOffset={MAX_HOTSPOT_RADIUS_PX + 4}
    >
      {shown
        .filter((h) => h.count > 0)
        .map(({ campus, count }) => {
          const { latitude, longitude } = campus.centre;
          return (
            <CircleMarker
              key={campus.id}
              center={[latitude, longitude]}
              radius={hotspotRadius(count, max)}
              pathOptions={{ color: '#b91c1c', weight: 2, fillColor: '#ef4444', fillOpacity: 0.35 }}
            >
              <Tooltip direction="top">
                {campus.name}: {count} {count === 1 ? 'report' : 'reports'}
              </Tooltip>
            </CircleMarker>
          );
        })}
    </CampusMap>
  );
}
