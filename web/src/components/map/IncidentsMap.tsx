import { useMemo, useState } from 'react';
import { divIcon, latLngBounds, type LatLngTuple, type LeafletEvent } from 'leaflet';
import { Marker, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { STATUS_LABELS, campusOf } from '@campus-safety/model';
import { useCampuses } from '../../data/settings';
import { formatDate } from '../../lib/format';
import { CampusMap } from './CampusMap';
import {
  campusCorners,
  clusterIncidents,
  colourOf,
  countByCategory,
  describeCategories,
  isPlaceable,
  legendFor,
  type ClusterMarker,
  type ColourBy,
  type IncidentClusters,
  type ReportMarker,
} from './markers';
import type { IncidentsMapProps, MapIncident } from './types';

// The whole world: a map shows one list page (bounded), so every marker is rendered whatever the
// view, and the markers on the map always add up to the reports given.
const WORLD: [number, number, number, number] = [-180, -90, 180, 90];

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function describeReport(incident: MapIncident): string {
  const status = STATUS_LABELS[incident.status] ?? incident.status;
  return `${incident.incidentType}, ${status}, reported ${formatDate(incident.timestamp)}`;
}

/** Enter or Space on a focused marker does what a click does (Leaflet only handles the mouse). */
function isActivation(event: LeafletEvent): boolean {
  const key = (event as LeafletEvent & { originalEvent?: KeyboardEvent }).originalEvent;
  if (!key || (key.key !== 'Enter' && key.key !== ' ')) return false;
  key.preventDefault();
  return true;
}

function ReportPin({
  marker,
  incident,
  colourBy,
  onOpen,
}: {
  marker: ReportMarker;
  incident: MapIncident;
  colourBy: ColourBy;
  onOpen: (id: string) => void;
}) {
  const label = describeReport(incident);
  const colour = colourOf(marker.category, colourBy);
  // The same icon object across renders: a new one would replace the element (and drop focus).
  const icon = useMemo(
    () =>
      divIcon({
        className: 'incident-marker',
        iconSize: [20, 20],
        html: `<span class="incident-dot" style="background:${colour}" data-report-id="${escapeHtml(marker.id)}"></span><span class="sr-only">Open report: ${escapeHtml(label)}</span>`,
      }),
    [colour, marker.id, label],
  );
  return (
    <Marker
      position={[marker.latitude, marker.longitude]}
      icon={icon}
      eventHandlers={{
        click: () => onOpen(marker.id),
        keydown: (e) => isActivation(e) && onOpen(marker.id),
      }}
    >
      <Tooltip direction="top" offset={[0, -10]}>
        {label}
      </Tooltip>
    </Marker>
  );
}

function ClusterPin({
  marker,
  clusters,
  colourBy,
}: {
  marker: ClusterMarker;
  clusters: IncidentClusters;
  colourBy: ColourBy;
}) {
  const map = useMap();
  const breakdown = describeCategories(marker.categories, colourBy);
  const size = marker.count < 10 ? 30 : marker.count < 100 ? 36 : 44;
  const icon = useMemo(
    () =>
      divIcon({
        className: 'incident-cluster',
        iconSize: [size, size],
        html: `<span aria-hidden="true" data-count="${marker.count}">${marker.count}</span><span class="sr-only">${marker.count} reports here (${escapeHtml(breakdown)}): zoom in</span>`,
      }),
    [size, marker.count, breakdown],
  );
  // Zoom until the cluster splits, and at least until its reports fill the view.
  const zoomIn = () => {
    const reports = latLngBounds(clusters.clusterCorners(marker.clusterId));
    const zoom = Math.max(
      clusters.expansionZoom(marker.clusterId),
      map.getBoundsZoom(reports.pad(0.25)),
    );
    map.setView(reports.getCenter(), Math.min(zoom, map.getMaxZoom()));
  };
  return (
    <Marker
      position={[marker.latitude, marker.longitude]}
      icon={icon}
      eventHandlers={{ click: zoomIn, keydown: (e) => isActivation(e) && zoomIn() }}
    >
      <Tooltip direction="top" offset={[0, -size / 2]}>
        {marker.count} reports: {breakdown}
      </Tooltip>
    </Marker>
  );
}

function Markers({
  clusters,
  byId,
  colourBy,
  onOpen,
}: {
  clusters: IncidentClusters;
  byId: Map<string, MapIncident>;
  colourBy: ColourBy;
  onOpen: (id: string) => void;
}) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const markers = useMemo(() => clusters.markersIn(WORLD, zoom), [clusters, zoom]);
  return markers.map((marker) => {
    if (marker.kind === 'cluster') {
      return (
        <ClusterPin
          key={`cluster-${marker.clusterId}-${colourBy}`}
          marker={marker}
          clusters={clusters}
          colourBy={colourBy}
        />
      );
    }
    const incident = byId.get(marker.id);
    return (
      incident && (
        <ReportPin
          key={`${marker.id}-${colourBy}`}
          marker={marker}
          incident={incident}
          colourBy={colourBy}
          onOpen={onOpen}
        />
      )
    );
  });
}

function Legend({
  incidents,
  colourBy,
  onColourBy,
}: {
  incidents: readonly MapIncident[];
  colourBy: ColourBy;
  onColourBy: (value: ColourBy) => void;
}) {
  const counts = countByCategory(incidents, colourBy);
  return (
    <div className="mt-2 space-y-2 text-sm">
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="float-left mr-2 font-medium text-slate-700">Colour by</legend>
        {(
          [
            ['status', 'Status'],
            ['threat', 'Threat level'],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className="inline-flex items-center gap-1">
            <input
              type="radio"
              name="map-colour-by"
              value={value}
              checked={colourBy === value}
              onChange={() => onColourBy(value)}
            />
            {text}
          </label>
        ))}
      </fieldset>
      <ul aria-label="Map legend" className="flex flex-wrap gap-x-4 gap-y-1">
        {legendFor(colourBy).map((entry) => (
          <li key={entry.key} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden
              className="inline-block size-3 rounded-full ring-1 ring-white"
              style={{ background: entry.colour }}
            />
            {entry.label}
            <span className="tabular-nums text-slate-600">({counts[entry.key] ?? 0})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The reports given (the list's rows), as markers coloured by status or threat level, merged into
 * clusters where dense, over the campus areas in scope. A click or Enter on a marker opens the
 * report; on a cluster it zooms in.
 */
export default function IncidentsMap({
  incidents,
  campuses,
  onOpen,
  heightClass = 'h-[28rem]',
}: IncidentsMapProps) {
  const [colourBy, setColourBy] = useState<ColourBy>('status');
  const clusters = useMemo(() => clusterIncidents(incidents, colourBy), [incidents, colourBy]);
  const byId = useMemo(() => new Map(incidents.map((i) => [i.id, i])), [incidents]);
  const ids = incidents.map((i) => i.id).join(',');
  const all = useCampuses();
  const shown = useMemo(() => campuses.flatMap((id) => campusOf(all, id) ?? []), [campuses, all]);
  const bounds = useMemo(() => {
    const corners: LatLngTuple[] = shown.flatMap((c) => campusCorners(c));
    for (const { geoLoc } of incidents) {
      if (isPlaceable(geoLoc)) corners.push([geoLoc.latitude, geoLoc.longitude]);
    }
    return latLngBounds(corners.length ? corners : [[0, 0]]);
  }, [shown, incidents]);

  return (
    <div>
      <CampusMap
        label={`Map of ${clusters.placed} reports`}
        bounds={bounds}
        fitKey={`${campuses.join('|')}#${ids}`}
        campuses={shown}
        heightClass={heightClass}
        labelBesideOffset={22}
      >
        <Markers clusters={clusters} byId={byId} colourBy={colourBy} onOpen={onOpen} />
      </CampusMap>
      <Legend incidents={incidents} colourBy={colourBy} onColourBy={setColourBy} />
      {clusters.unplaced > 0 && (
        <p className="mt-1 text-xs text-slate-600">
          {clusters.unplaced} {clusters.unplaced === 1 ? 'report has' : 'reports have'} no location
          and {clusters.unplaced === 1 ? 'is' : 'are'} not on the map.
        </p>
      )}
    </div>
  );
}
