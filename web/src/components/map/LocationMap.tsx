import { useMemo } from 'react';
import { divIcon, latLngBounds, type LatLngTuple } from 'leaflet';
import { Marker } from 'react-leaflet';
import { activeCampuses, campusAt, campusName } from '@campus-safety/model';
import { useCampuses } from '../../data/settings';
import { CampusMap } from './CampusMap';
import type { LocationMapProps } from './types';

const SPAN_DEGREES = 0.002;

const PIN = divIcon({
  className: 'incident-pin',
  iconSize: [18, 18],
  html: '<span class="incident-dot" style="background:#dc2626"></span>',
});

/** Where one report was sent from, close up, with the campus area it falls in (if any). */
export default function LocationMap({ latitude, longitude }: LocationMapProps) {
  const campuses = useCampuses();
  const campus = campusAt({ latitude, longitude }, campuses);
  const bounds = useMemo(() => {
    // About 220 m either side of the point: close enough to read the spot, wide enough for the campus edge.
    const corners: LatLngTuple[] = [
      [latitude - SPAN_DEGREES, longitude - SPAN_DEGREES],
      [latitude + SPAN_DEGREES, longitude + SPAN_DEGREES],
    ];
    return latLngBounds(corners);
  }, [latitude, longitude]);
  return (
    <CampusMap
      label={`Map of the report's location${campus ? `, on ${campusName(campuses, campus)}` : ', outside every campus area'}`}
      bounds={bounds}
      fitKey={`${latitude},${longitude}`}
      campuses={activeCampuses(campuses)}
      heightClass="h-56"
    >
      <Marker position={[latitude, longitude]} icon={PIN} interactive={false} keyboard={false} />
    </CampusMap>
  );
}
