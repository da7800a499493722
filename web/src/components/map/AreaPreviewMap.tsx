import { useMemo } from 'react';
import { divIcon, latLngBounds, type LatLngTuple } from 'leaflet';
import { Marker } from 'react-leaflet';
import { boundsOf } from '@campus-safety/model';
import { CampusMap } from './CampusMap';
import type { AreaPreviewMapProps } from './types';

const CENTRE = divIcon({
  className: 'incident-pin',
  iconSize: [14, 14],
  html: '<span class="incident-dot" style="background:#0369a1"></span>',
});

/** An editor's draft of one campus (boundary and centre) over the other campuses in force. */
export default function AreaPreviewMap({ campus, others }: AreaPreviewMapProps) {
  const bounds = useMemo(
    () => latLngBounds(boundsOf(campus.boundary) as unknown as LatLngTuple[]),
    [campus.boundary],
  );
  return (
    <CampusMap
      label={`Preview of the ${campus.name || 'new campus'} area being edited`}
      bounds={bounds}
      fitKey={JSON.stringify(campus.boundary)}
      campuses={[campus, ...others.filter((c) => c.id !== campus.id)]}
      heightClass="h-72"
    >
      <Marker
        position={[campus.centre.latitude, campus.centre.longitude]}
        icon={CENTRE}
        interactive={false}
        keyboard={false}
      />
    </CampusMap>
  );
}
