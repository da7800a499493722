/**
 * The maps, each loaded on first use: Leaflet, react-leaflet and supercluster live in lazy chunks,
 * never in the shell or /login. Screens import these wrappers, never the map modules themselves.
 */
import { lazy, Suspense } from 'react';
import type {
  AreaPreviewMapProps,
  DrawBoundaryMapProps,
  HotspotsMapProps,
  IncidentsMapProps,
  LocationMapProps,
  PinPickerMapProps,
  TrackMapProps,
} from './types';

export type { Hotspot, MapIncident } from './types';

const IncidentsMapChunk = lazy(() => import('./IncidentsMap'));
const LocationMapChunk = lazy(() => import('./LocationMap'));
const HotspotsMapChunk = lazy(() => import('./HotspotsMap'));
const AreaPreviewMapChunk = lazy(() => import('./AreaPreviewMap'));
const DrawBoundaryMapChunk = lazy(() => import('./DrawBoundaryMap'));
const PinPickerMapChunk = lazy(() => import('./PinPickerMap'));
const TrackMapChunk = lazy(() => import('./TrackMap'));

function MapLoading({ heightClass }: { heightClass: string }) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center rounded-lg border border-slate-200 bg-slate-50 text-sm text-slate-600 ${heightClass}`}
    >
      Loading map…
    </div>
  );
}

export function IncidentsMap(props: IncidentsMapProps) {
  return (
    <Suspense fallback={<MapLoading heightClass={props.heightClass ?? 'h-[28rem]'} />}>
      <IncidentsMapChunk {...props} />
    </Suspense>
  );
}

export function LocationMap(props: LocationMapProps) {
  return (
    <Suspense fallback={<MapLoading heightClass="h-56" />}>
      <LocationMapChunk {...props} />
    </Suspense>
  );
}

export function HotspotsMap(props: HotspotsMapProps) {
  return (
    <Suspense fallback={<MapLoading heightClass="h-96" />}>
      <HotspotsMapChunk {...props} />
    </Suspense>
  );
}

export function AreaPreviewMap(props: AreaPreviewMapProps) {
  return (
    <Suspense fallback={<MapLoading heightClass="h-72" />}>
      <AreaPreviewMapChunk {...props} />
    </Suspense>
  );
}

export function DrawBoundaryMap(props: DrawBoundaryMapProps) {
  return (
    <Suspense fallback={<MapLoading heightClass="h-72" />}>
      <DrawBoundaryMapChunk {...props} />
    </Suspense>
  );
}

export function PinPickerMap(props: PinPickerMapProps) {
  return (
    <Suspense fallback={<MapLoading heightClass="h-72" />}>
      <PinPickerMapChunk {...props} />
    </Suspense>
  );
}

export function TrackMap(props: TrackMapProps) {
  return (
    <Suspense fallback={<MapLoading heightClass="h-72" />}>
      <TrackMapChunk {...props} />
    </Suspense>
  );
}
