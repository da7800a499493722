import { useMemo, useRef } from 'react';
import { divIcon, latLngBounds, type LatLngTuple } from 'leaflet';
import { Marker } from 'react-leaflet';
import { boundsOf, type LatLng } from '@campus-safety/model';
import { BoundaryEditor } from './BoundaryEditor';
import { CampusMap } from './CampusMap';
import type { AreaPreviewMapProps } from './types';

const CENTRE = divIcon({
  className: 'incident-pin',
  iconSize: [14, 14],
  html: '<span class="incident-dot" style="background:#0369a1"></span>',
});

/**
 * An editor's draft of one campus (boundary and centre) over the other campuses in force; with
 * `onBoundary`, its corners are edited on the map.
 */
export default function AreaPreviewMap({ campus, others, onBoundary }: AreaPreviewMapProps) {
  const bounds = useMemo(
    () => latLngBounds(boundsOf(campus.boundary) as unknown as LatLngTuple[]),
    [campus.boundary],
  );
  // A boundary typed or imported refits the view; one edited on the map keeps it where it is.
  const ringKey = JSON.stringify(campus.boundary);
  const edited = useRef<string | null>(null);
  const fitKey = useRef(ringKey);
  if (ringKey !== edited.current) fitKey.current = ringKey;
  const others_ = others.filter((c) => c.id !== campus.id);
  return (
    <CampusMap
      label={`Preview of the ${campus.name || 'new campus'} area being edited`}
      bounds={bounds}
      fitKey={fitKey.current}
      campuses={onBoundary ? others_ : [campus, ...others_]}
      heightClass="h-72"
    >
      {onBoundary && (
        <BoundaryEditor
          boundary={campus.boundary}
          onChange={(ring: LatLng[]) => {
            edited.current = JSON.stringify(ring);
            onBoundary(ring);
          }}
        />
      )}
      <Marker
        position={[campus.centre.latitude, campus.centre.longitude]}
        icon={CENTRE}
        interactive={false}
        keyboard={false}
      />
    </CampusMap>
  );
}
