/**
 * Institutions for the seed, fixtures and tests only (the console and the functions read the
 * saved campuses; lint keeps this module out of them). The demo institution is the one the
 * local stack seeds: three campuses in Metro Manila (docs/decisions.md).
 */
import type { Campus, LatLng } from '../campuses';

export const DEMO_CAMPUSES: readonly Campus[] = [
  {
    id: 'main',
    name: 'Main Campus',
    shortName: 'Main',
    retired: false,
    centre: { latitude: 14.6549, longitude: 121.0645 },
    boundary: [
      [14.66119, 121.0645],
      [14.65922, 121.06775],
      [14.65704, 121.0713],
      [14.65305, 121.07037],
      [14.64956, 121.06851],
      [14.64987, 121.0645],
      [14.64981, 121.06068],
      [14.65315, 121.05894],
      [14.65704, 121.0577],
      [14.65973, 121.06087],
    ],
    housing: [
      {
        name: 'Acacia Residence Hall',
        boundary: [
          [14.656, 121.061],
          [14.656, 121.063],
          [14.658, 121.063],
          [14.658, 121.061],
        ],
      },
    ],
    publicProperty: [
      {
        name: 'University Avenue (south side)',
        boundary: [
          [14.649, 121.062],
          [14.649, 121.068],
          [14.6494, 121.068],
          [14.6494, 121.062],
        ],
      },
    ],
    noncampus: ['Downtown Extension Office'],
  },
  {
    id: 'north',
    name: 'North Campus',
    shortName: 'North',
    retired: false,
    centre: { latitude: 14.7566, longitude: 121.0447 },
    boundary: [
      [14.76064, 121.0447],
      [14.75938, 121.04679],
      [14.75797, 121.04907],
      [14.75541, 121.04848],
      [14.75317, 121.04728],
      [14.75337, 121.0447],
      [14.75333, 121.04224],
      [14.75548, 121.04112],
      [14.75797, 121.04033],
      [14.75971, 121.04237],
    ],
    housing: [
      {
        name: 'Narra Residence Hall',
        boundary: [
          [14.757, 121.0425],
          [14.757, 121.044],
          [14.7585, 121.044],
          [14.7585, 121.0425],
        ],
      },
    ],
    publicProperty: [
      {
        name: 'North Road (south side)',
        boundary: [
          [14.7526, 121.0425],
          [14.7526, 121.047],
          [14.753, 121.047],
          [14.753, 121.0425],
        ],
      },
    ],
    noncampus: ['Field Research Station'],
  },
  {
    id: 'riverside',
    name: 'Riverside Campus',
    shortName: 'Riverside',
    retired: false,
    centre: { latitude: 14.5869, longitude: 121.1025 },
    boundary: [
      [14.59049, 121.1025],
      [14.58937, 121.10436],
      [14.58812, 121.10638],
      [14.58585, 121.10585],
      [14.58385, 121.10479],
      [14.58403, 121.1025],
      [14.58399, 121.10032],
      [14.5859, 121.09932],
      [14.58812, 121.09862],
      [14.58966, 121.10043],
    ],
    housing: [
      {
        name: 'Molave Residence Hall',
        boundary: [
          [14.5875, 121.1005],
          [14.5875, 121.102],
          [14.5888, 121.102],
          [14.5888, 121.1005],
        ],
      },
    ],
    publicProperty: [
      {
        name: 'Riverside Drive (south side)',
        boundary: [
          [14.5833, 121.1005],
          [14.5833, 121.1045],
          [14.5836, 121.1045],
          [14.5836, 121.1005],
        ],
      },
    ],
    noncampus: [],
  },
];

/** Six decimals (about 0.1 m): what a boundary typed or drawn would hold. */
const round = (n: number) => Number(n.toFixed(6));

function box(south: number, west: number, north: number, east: number): LatLng[] {
  return [
    [round(south), round(west)],
    [round(south), round(east)],
    [round(north), round(east)],
    [round(north), round(west)],
  ];
}

/** A square campus of about 900 by 800 m around a centre, with one hall north-east of it. */
function campusAround(
  id: string,
  name: string,
  shortName: string,
  [lat, lng]: LatLng,
  hall: string,
): Campus {
  return {
    id,
    name,
    shortName,
    retired: false,
    centre: { latitude: lat, longitude: lng },
    boundary: box(lat - 0.004, lng - 0.005, lat + 0.004, lng + 0.005),
    housing: [{ name: hall, boundary: box(lat + 0.001, lng + 0.001, lat + 0.002, lng + 0.002) }],
    publicProperty: [],
    noncampus: [],
  };
}

/**
 * A second institution (issue 30's proof): four campuses of other names around Chicago, with
 * other halls, for the tests that show nothing depends on the demo's vocabulary.
 */
export const SECOND_INSTITUTION = {
  timeZone: 'America/Chicago',
  campuses: [
    campusAround('lakeshore', 'Lakeshore Campus', 'Lakeshore', [41.999, -87.662], 'Mertz Hall'),
    campusAround(
      'water-tower',
      'Water Tower Campus',
      'Water Tower',
      [41.897, -87.627],
      'Baumhart Hall',
    ),
    campusAround('hyde-park', 'Hyde Park Campus', 'Hyde Park', [41.789, -87.599], 'Burton Hall'),
    campusAround('west-side', 'West Side Campus', 'West Side', [41.871, -87.673], 'Wolf Hall'),
  ],
} as const;
