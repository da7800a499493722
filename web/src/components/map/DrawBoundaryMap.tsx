import { useMemo } from 'react';
import { latLngBounds, type LatLngTuple } from 'leaflet';
import { boundsOf } from '@campus-safety/model';
import { BoundaryDrawer } from './BoundaryEditor';
import { CampusMap } from './CampusMap';
import type { DrawBoundaryMapProps } from './types';

/** Half the campuses' extent again on each side. */
const ROOM = 0.5;
/** About 2 km each way: a campus-sized view around the institution's map centre. */
const AROUND = 0.02;

/** A new campus's grounds drawn on the map, among the campuses in force. */
export default function DrawBoundaryMap({ others, view, onBoundary }: DrawBoundaryMapProps) {
  const bounds = useMemo(() => {
    const corners = others.flatMap((c) => boundsOf(c.boundary));
    // Room around the campuses in force: a new one is drawn beside them.
    if (corners.length > 0)
      return latLngBounds(corners.map(([lat, lng]): LatLngTuple => [lat, lng])).pad(ROOM);
    const { latitude, longitude } = view;
    return latLngBounds([
      [latitude - AROUND, longitude - AROUND],
      [latitude + AROUND, longitude + AROUND],
    ]);
  }, [others, view]);
  return (
    <CampusMap
      label="Map to draw the new campus's grounds on"
      bounds={bounds}
      fitKey={others.map((c) => c.id).join(' ')}
      campuses={others}
      heightClass="h-72"
    >
      <BoundaryDrawer onDrawn={onBoundary} />
    </CampusMap>
  );
}
