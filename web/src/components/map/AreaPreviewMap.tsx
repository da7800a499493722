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

/** An editor's draft of one campus area (boundary and centre) over the other areas in force. */
export default function AreaPreviewMap({ campus, areas }: AreaPreviewMapProps) {
  const area = areas[campus];
  const bounds = useMemo(
    () => latLngBounds(boundsOf(area.boundary) as unknown as LatLngTuple[]),
    [area.boundary],
  );
  return (
    <CampusMap
      label={`Preview of the ${campus} area being edited`}
      bounds={bounds}
      fitKey={JSON.stringify(area.boundary)}
      campuses={[campus]}
      areas={areas}
      heightClass="h-72"
    >
      <Marker
        position={[area.centre.latitude, area.centre.longitude]}
        icon={CENTRE}
        interactive={false}
        keyboard={false}
      />
    </CampusMap>
  );
}
