import {
  CAMPUSES,
  type Campus,
  type CampusArea,
  type LatLng,
  type StoredCampusAreas,
} from '@campus-safety/model';

/** One campus area as typed: a "latitude, longitude" line per boundary point, and the centre. */
export interface AreaDraft {
  boundary: string;
  latitude: string;
  longitude: string;
}

export function areaDraftOf(area: CampusArea): AreaDraft {
  return {
    boundary: area.boundary.map(([lat, lng]) => `${lat}, ${lng}`).join('\n'),
    latitude: String(area.centre.latitude),
    longitude: String(area.centre.longitude),
  };
}

/**
 * The area a draft names, or the first line that is not two numbers. Blank lines are skipped; the
 * function checks the bounds (points, coordinates, centre inside).
 */
export function parseAreaDraft(draft: AreaDraft): { area: CampusArea } | { problem: string } {
  const boundary: LatLng[] = [];
  const lines = draft.boundary.split('\n');
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const parts = line.split(',').map((p) => p.trim());
    const [lat, lng] = parts.map(Number);
    if (parts.length !== 2 || !Number.isFinite(lat) || !Number.isFinite(lng))
      return { problem: `Line ${i + 1}: write "latitude, longitude".` };
    boundary.push([lat!, lng!]);
  }
  const latitude = Number(draft.latitude);
  const longitude = Number(draft.longitude);
  if (draft.latitude.trim() === '' || draft.longitude.trim() === '')
    return { problem: 'The centre needs a latitude and a longitude.' };
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
    return { problem: 'The centre must be two numbers.' };
  return { area: { centre: { latitude, longitude }, boundary } };
}

/** The callable's `areas` from every campus's area. */
export function storedAreasOf(areas: Readonly<Record<Campus, CampusArea>>): StoredCampusAreas {
  return Object.fromEntries(
    CAMPUSES.map((c) => [
      c,
      {
        centre: areas[c].centre,
        boundary: areas[c].boundary.map(([latitude, longitude]) => ({ latitude, longitude })),
      },
    ]),
  ) as StoredCampusAreas;
}
