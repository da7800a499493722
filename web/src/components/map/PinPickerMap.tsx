import { useMemo } from 'react';
import { divIcon, latLngBounds, type LatLngTuple } from 'leaflet';
import { Marker, useMapEvents } from 'react-leaflet';
import { boundsOf, CAMPUSES, type GeoLoc } from '@campus-safety/model';
import { useCampusAreas } from '../../data/settings';
import { CampusMap } from './CampusMap';
import type { PinPickerMapProps } from './types';

const PIN = divIcon({
  className: 'incident-pin',
  iconSize: [18, 18],
  html: '<span class="incident-dot" style="background:#dc2626"></span>',
});

/** Six decimals (about 0.1 m), as the seed and the simulator write points. */
function rounded(value: number): number {
  return Number(value.toFixed(6));
}

function PinOnClick({ onPick }: { onPick: (point: GeoLoc) => void }) {
  useMapEvents({
    click: (event) =>
      onPick({ latitude: rounded(event.latlng.lat), longitude: rounded(event.latlng.lng) }),
  });
  return null;
}

/** A campus framed on the map; a click (or tap) puts the pin where it happened. */
export default function PinPickerMap({ campus, value, onPick }: PinPickerMapProps) {
  const areas = useCampusAreas();
  const boundary = areas[campus].boundary;
  const bounds = useMemo(
    () => latLngBounds(boundsOf(boundary) as unknown as LatLngTuple[]),
    [boundary],
  );
  return (
    <CampusMap
      label={`Map of ${campus}: click or tap where it happened to put the pin`}
      bounds={bounds}
      fitKey={campus}
      campuses={CAMPUSES}
      heightClass="h-72"
    >
      <PinOnClick onPick={onPick} />
      {value && (
        <Marker
          position={[value.latitude, value.longitude]}
          icon={PIN}
          interactive={false}
          keyboard={false}
        />
      )}
    </CampusMap>
  );
}
