/**
 * The pure part of the incident maps: which reports can be placed, the colour and legend of each
 * marker (by status or by threat level) and the clustering of dense markers. No Leaflet here, so
 * it is tested without a browser.
 */
import Supercluster from 'supercluster';
import {
  boundsOf,
  INCIDENT_STATUSES,
  STATUS_COLORS,
  STATUS_LABELS,
  THREAT_LEVELS,
  UNRATED,
  type Campus,
  type GeoLoc,
  type IncidentStatus,
  type NotificationColor,
} from '@campus-safety/model';

export type ColourBy = 'status' | 'threat';

/** What a map needs of a report (the list's rows have it). */
export interface MappableIncident {
  id: string;
  geoLoc?: GeoLoc | null;
  status: IncidentStatus;
  threatLevel?: string | null;
  incidentType: string;
}

export interface LegendEntry {
  key: string;
  label: string;
  colour: string;
}

/** A marker's fill per status: the status's notification colour, dark enough for white text beside it. */
const NOTIFICATION_FILLS: Record<NotificationColor, string> = {
  yellow: '#ca8a04',
  orange: '#ea580c',
  green: '#16a34a',
  blue: '#2563eb',
  red: '#dc2626',
};

/** Threat levels from cool to hot; an unassigned report is Unrated (model/src/response-targets.ts). */
const THREAT_FILLS: Record<string, string> = {
  Low: '#0891b2',
  Moderate: '#ca8a04',
  High: '#ea580c',
  Critical: '#b91c1c',
  [UNRATED]: '#64748b',
};

const STATUS_LEGEND: LegendEntry[] = INCIDENT_STATUSES.map((status) => ({
  key: status,
  label: STATUS_LABELS[status],
  colour: NOTIFICATION_FILLS[STATUS_COLORS[status]],
}));

const THREAT_LEGEND: LegendEntry[] = [...THREAT_LEVELS, UNRATED].map((level) => ({
  key: level,
  label: level,
  colour: THREAT_FILLS[level] ?? THREAT_FILLS[UNRATED]!,
}));

export function legendFor(colourBy: ColourBy): readonly LegendEntry[] {
  return colourBy === 'status' ? STATUS_LEGEND : THREAT_LEGEND;
}

/** The legend key a report falls under: its status, or its threat level (Unrated until assessed). */
export function categoryOf(incident: MappableIncident, colourBy: ColourBy): string {
  if (colourBy === 'status') return incident.status;
  const level = incident.threatLevel;
  return level && (THREAT_LEVELS as readonly string[]).includes(level) ? level : UNRATED;
}

export function colourOf(category: string, colourBy: ColourBy): string {
  const entry = legendFor(colourBy).find((e) => e.key === category);
  return entry?.colour ?? THREAT_FILLS[UNRATED]!;
}

export function isPlaceable(geoLoc: GeoLoc | null | undefined): geoLoc is GeoLoc {
  return (
    !!geoLoc &&
    Number.isFinite(geoLoc.latitude) &&
    Number.isFinite(geoLoc.longitude) &&
    Math.abs(geoLoc.latitude) <= 90 &&
    Math.abs(geoLoc.longitude) <= 180
  );
}

interface PointProps {
  id: string;
  category: string;
}

interface ClusterProps {
  /** Reports per legend key inside the cluster. */
  categories: Record<string, number>;
}

export interface ReportMarker {
  kind: 'report';
  id: string;
  latitude: number;
  longitude: number;
  category: string;
}

export interface ClusterMarker {
  kind: 'cluster';
  clusterId: number;
  latitude: number;
  longitude: number;
  count: number;
  categories: Record<string, number>;
}

export type MapMarker = ReportMarker | ClusterMarker;

/** The deepest zoom at which markers still merge; from the next one on every report stands alone. */
export const CLUSTER_MAX_ZOOM = 17;
/** Markers closer than this many pixels merge into a cluster. */
const CLUSTER_RADIUS_PX = 48;

export interface IncidentClusters {
  /** Reports without a usable location: counted, never placed. */
  unplaced: number;
  placed: number;
  /** Markers (single reports and clusters) inside [west, south, east, north] at a zoom level. */
  markersIn: (bbox: [number, number, number, number], zoom: number) => MapMarker[];
  /** The zoom level at which a cluster falls apart. */
  expansionZoom: (clusterId: number) => number;
  /** South-west and north-east corners of the reports inside a cluster. */
  clusterCorners: (clusterId: number) => [[number, number], [number, number]];
}

/** Indexes the reports for clustering; every placeable report is in exactly one marker at any zoom. */
export function clusterIncidents(
  incidents: readonly MappableIncident[],
  colourBy: ColourBy,
): IncidentClusters {
  const features: Supercluster.PointFeature<PointProps>[] = [];
  for (const incident of incidents) {
    if (!isPlaceable(incident.geoLoc)) continue;
    features.push({
      type: 'Feature',
      geometry: {
        type: 'Point',
        coordinates: [incident.geoLoc.longitude, incident.geoLoc.latitude],
      },
      properties: { id: incident.id, category: categoryOf(incident, colourBy) },
    });
  }
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS_PX,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (p) => ({ categories: { [p.category]: 1 } }),
    // Supercluster copies a child cluster's properties shallowly into its parent: `categories`
    // is still the child's object, so it is replaced, never added to in place.
    reduce: (into, from) => {
      const sum = { ...into.categories };
      for (const [key, n] of Object.entries(from.categories)) sum[key] = (sum[key] ?? 0) + n;
      into.categories = sum;
    },
  });
  index.load(features);
  return {
    unplaced: incidents.length - features.length,
    placed: features.length,
    markersIn: (bbox, zoom) =>
      index.getClusters(bbox, Math.round(zoom)).map((feature) => {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const p = feature.properties;
        return 'cluster' in p && p.cluster
          ? {
              kind: 'cluster',
              clusterId: p.cluster_id,
              latitude,
              longitude,
              count: p.point_count,
              categories: { ...p.categories },
            }
          : {
              kind: 'report',
              id: (p as PointProps).id,
              latitude,
              longitude,
              category: (p as PointProps).category,
            };
      }),
    expansionZoom: (clusterId) => index.getClusterExpansionZoom(clusterId),
    clusterCorners: (clusterId) => {
      const points = index.getLeaves(clusterId, Infinity).map((leaf) => leaf.geometry.coordinates);
      const lats = points.map(([, lat]) => lat!);
      const lngs = points.map(([lng]) => lng!);
      return [
        [Math.min(...lats), Math.min(...lngs)],
        [Math.max(...lats), Math.max(...lngs)],
      ];
    },
  };
}

/** "3 Incident Reported, 1 Processing" for a cluster's label, in legend order. */
export function describeCategories(categories: Record<string, number>, colourBy: ColourBy): string {
  return legendFor(colourBy)
    .filter((e) => categories[e.key])
    .map((e) => `${categories[e.key]} ${e.label}`)
    .join(', ');
}

/** Reports per legend key, for the legend's counts. */
export function countByCategory(
  incidents: readonly MappableIncident[],
  colourBy: ColourBy,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const incident of incidents) {
    if (!isPlaceable(incident.geoLoc)) continue;
    const key = categoryOf(incident, colourBy);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const MIN_HOTSPOT_RADIUS_PX = 10;
export const MAX_HOTSPOT_RADIUS_PX = 32;

/**
 * A graduated circle's radius: its area grows with the count (square root), so a campus with four
 * times the reports gets four times the area; none for zero.
 */
export function hotspotRadius(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  const share = Math.min(1, count / max);
  return MIN_HOTSPOT_RADIUS_PX + (MAX_HOTSPOT_RADIUS_PX - MIN_HOTSPOT_RADIUS_PX) * Math.sqrt(share);
}

/** A campus's boundary ring, as Leaflet takes it. */
export function campusRing(campus: Campus): [number, number][] {
  return campus.boundary.map(([lat, lng]) => [lat, lng]);
}

/** A campus's south-west and north-east corners, as Leaflet takes them. */
export function campusCorners(campus: Campus): [number, number][] {
  return boundsOf(campus.boundary).map(([lat, lng]) => [lat, lng]);
}

/** The east-most point of a campus's boundary, where its name is written beside it. */
export function campusEastPoint(campus: Campus): [number, number] {
  const [east] = [...campus.boundary].sort((a, b) => b[1] - a[1]);
  return east ? [east[0], east[1]] : [0, 0];
}
