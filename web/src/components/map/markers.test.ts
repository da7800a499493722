import { describe, expect, it } from 'vitest';
import { randomPointInCampus, type GeoLoc } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import {
  campusCorners,
  categoryOf,
  clusterIncidents,
  colourOf,
  countByCategory,
  describeCategories,
  hotspotRadius,
  legendFor,
  type MappableIncident,
} from './markers';

const campus = (id: string) => DEMO_CAMPUSES.find((c) => c.id === id)!;

const WORLD: [number, number, number, number] = [-180, -90, 180, 90];

function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

function report(id: string, geoLoc: GeoLoc | null, extra: Partial<MappableIncident> = {}) {
  return {
    id,
    geoLoc,
    status: 'Reported',
    threatLevel: null,
    incidentType: 'Theft',
    ...extra,
  } as MappableIncident;
}

function totalOf(markers: ReturnType<ReturnType<typeof clusterIncidents>['markersIn']>) {
  return markers.reduce((n, m) => n + (m.kind === 'cluster' ? m.count : 1), 0);
}

describe('clustering input', () => {
  const random = seeded(7);
  const reports = [
    ...Array.from({ length: 20 }, (_, i) =>
      report(`m${i}`, randomPointInCampus(campus('main'), random)),
    ),
    ...Array.from({ length: 5 }, (_, i) =>
      report(`n${i}`, randomPointInCampus(campus('north'), random)),
    ),
  ];

  it('puts every located report in exactly one marker at every zoom', () => {
    const clusters = clusterIncidents(reports, 'status');
    expect(clusters.placed).toBe(25);
    for (let zoom = 0; zoom <= 19; zoom++) {
      expect(totalOf(clusters.markersIn(WORLD, zoom))).toBe(25);
    }
  });

  it('merges a campus into one cluster from afar and shows single reports close up', () => {
    const clusters = clusterIncidents(reports, 'status');
    const far = clusters.markersIn(WORLD, 11);
    expect(
      far
        .filter((m) => m.kind === 'cluster')
        .map((m) => m.kind === 'cluster' && m.count)
        .sort(),
    ).toEqual([20, 5]);
    const near = clusters.markersIn(WORLD, 19);
    expect(near.every((m) => m.kind === 'report')).toBe(true);
    expect(near.map((m) => m.kind === 'report' && m.id).sort()).toEqual(
      reports.map((r) => r.id).sort(),
    );
  });

  it('a cluster opens at a deeper zoom than the one it is shown at', () => {
    const clusters = clusterIncidents(reports, 'status');
    const cluster = clusters.markersIn(WORLD, 11).find((m) => m.kind === 'cluster');
    expect(cluster?.kind).toBe('cluster');
    if (cluster?.kind === 'cluster')
      expect(clusters.expansionZoom(cluster.clusterId)).toBeGreaterThan(11);
  });

  it('counts reports without a usable location instead of placing them', () => {
    const clusters = clusterIncidents(
      [
        report('a', { latitude: 14.65, longitude: 121.06 }),
        report('b', null),
        report('c', { latitude: Number.NaN, longitude: 121 }),
        report('d', { latitude: 91, longitude: 121 }),
        report('e', { latitude: 14, longitude: -181 }),
      ],
      'status',
    );
    expect(clusters.placed).toBe(1);
    expect(clusters.unplaced).toBe(4);
    expect(totalOf(clusters.markersIn(WORLD, 3))).toBe(1);
  });

  it("adds up a cluster's categories to its report count at every zoom (not 8 reports: 4 + 6 + 5 + 7 + 3)", () => {
    const statuses = legendFor('status').map((e) => e.key as MappableIncident['status']);
    const mixed = reports.map((r, i) => ({ ...r, status: statuses[i % statuses.length]! }));
    const clusters = clusterIncidents(mixed, 'status');
    // Deep zooms first, as a map zooming out asks: the finer clusters are read before the coarser.
    for (let zoom = 19; zoom >= 0; zoom--) {
      for (const marker of clusters.markersIn(WORLD, zoom)) {
        if (marker.kind !== 'cluster') continue;
        const sum = Object.values(marker.categories).reduce((a, b) => a + b, 0);
        expect(sum, `cluster of ${marker.count} at zoom ${zoom}`).toBe(marker.count);
      }
    }
  });

  it('keeps the category mix of a cluster for its label', () => {
    const centre = campus('riverside').centre;
    const clusters = clusterIncidents(
      [
        report('a', centre),
        report('b', centre, { status: 'Processing' }),
        report('c', centre, { status: 'Processing' }),
      ],
      'status',
    );
    const [cluster] = clusters.markersIn(WORLD, 10);
    expect(cluster?.kind === 'cluster' && describeCategories(cluster.categories, 'status')).toBe(
      '1 Incident Reported, 2 Processing',
    );
  });
});

describe('colours', () => {
  it('by status: each status its notification colour, all different', () => {
    const legend = legendFor('status');
    expect(legend.map((e) => e.label)).toEqual([
      'Incident Reported',
      'Processing',
      'Responded',
      'Resolved',
      'Declined',
    ]);
    expect(new Set(legend.map((e) => e.colour)).size).toBe(5);
    expect(colourOf('Declined', 'status')).toBe('#dc2626');
  });

  it('by threat: the level, and Unrated until the report is assessed', () => {
    expect(legendFor('threat').map((e) => e.key)).toEqual([
      'Low',
      'Moderate',
      'High',
      'Critical',
      'Unrated',
    ]);
    expect(categoryOf(report('a', null, { threatLevel: 'High' }), 'threat')).toBe('High');
    expect(categoryOf(report('a', null), 'threat')).toBe('Unrated');
    expect(categoryOf(report('a', null, { threatLevel: 'Bogus' }), 'threat')).toBe('Unrated');
    expect(new Set(legendFor('threat').map((e) => e.colour)).size).toBe(5);
  });

  it('legend counts only what is on the map', () => {
    const counts = countByCategory(
      [
        report('a', { latitude: 14.6, longitude: 121 }, { threatLevel: 'Low' }),
        report('b', { latitude: 14.6, longitude: 121 }),
        report('c', null, { threatLevel: 'Low' }),
      ],
      'threat',
    );
    expect(counts).toEqual({ Low: 1, Unrated: 1 });
  });
});

describe('campus geometry and hotspot circles', () => {
  it('campus corners enclose the campus centre', () => {
    const [[south, west], [north, east]] = campusCorners(campus('main')) as [
      [number, number],
      [number, number],
    ];
    const { latitude, longitude } = campus('main').centre;
    expect(south < latitude && latitude < north && west < longitude && longitude < east).toBe(true);
  });

  it('circle area grows with the count; none for zero', () => {
    expect(hotspotRadius(0, 10)).toBe(0);
    const small = hotspotRadius(1, 4);
    const large = hotspotRadius(4, 4);
    expect(large).toBe(32);
    expect(large).toBeGreaterThan(small);
    expect(hotspotRadius(8, 4)).toBe(32);
  });
});
