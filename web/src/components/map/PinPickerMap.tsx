import { useEffect, useMemo } from 'react';
import { divIcon, latLngBounds, type LatLngTuple } from 'leaflet';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { activeCampuses, boundsOf, type GeoLoc } from '@campus-safety/model';
import { useCampuses } from '../../data/settings';
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

/**
 * The pin by keyboard (issue 32 item 5): the focused map moves with the arrow keys and zooms with
 * + and − (Leaflet's own keyboard handling); Enter or Space puts the pin at the cross in the
 * middle. Only keys pressed on the map itself, not on its zoom buttons.
 */
function PinOnEnter({ onPick }: { onPick: (point: GeoLoc) => void }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const onKey = (event: KeyboardEvent) => {
      if (event.target !== container || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      const centre = map.getCenter();
      onPick({ latitude: rounded(centre.lat), longitude: rounded(centre.lng) });
    };
    container.addEventListener('keydown', onKey);
    return () => container.removeEventListener('keydown', onKey);
  }, [map, onPick]);
  return null;
}

/**
 * A campus framed on the map; a click (or tap) puts the pin where it happened, and so does Enter
 * on the focused map, at the cross in its middle (moved there with the arrow keys).
 */
export default function PinPickerMap({ campus, value, onPick }: PinPickerMapProps) {
  const campuses = activeCampuses(useCampuses());
  const boundary = campus.boundary;
  const bounds = useMemo(
    () => latLngBounds(boundsOf(boundary) as unknown as LatLngTuple[]),
    [boundary],
  );
  return (
    <CampusMap
      label={`Map of ${campus.name}: click or tap where it happened to put the pin, or move the map with the arrow keys and press Enter to put it at the cross`}
      bounds={bounds}
      fitKey={campus.id}
      campuses={campuses}
      heightClass="h-72"
    >
      <PinOnClick onPick={onPick} />
      <PinOnEnter onPick={onPick} />
      {value && (
        <Marker
          position={[value.latitude, value.longitude]}
          icon={PIN}
          interactive={false}
          keyboard={false}
        />
      )}
      <span className="pin-cross" aria-hidden="true" />
    </CampusMap>
  );
}
