/**
 * Where the campuses are (the model names them; locations are a seed/simulator decision,
 * docs/decisions.md). Reports are placed within `radiusMeters` of the centre.
 */
export const CAMPUS_LOCATIONS = {
  'Main Campus': { latitude: 14.6549, longitude: 121.0645, radiusMeters: 700 },
  'North Campus': { latitude: 14.7566, longitude: 121.0447, radiusMeters: 450 },
  'Riverside Campus': { latitude: 14.5869, longitude: 121.1025, radiusMeters: 400 },
};

/** Named places on every campus, used in descriptions. */
export const PLACES = [
  'the library',
  'the main gate',
  'parking lot B',
  'the science building',
  'the gymnasium',
  'the cafeteria',
  'dormitory 2',
  'the engineering lab',
  'the chapel grounds',
  'the student centre',
];

/** A point within the campus radius, uniformly over the disc, from random() in [0, 1). */
export function pointNear(campus, random) {
  const centre = CAMPUS_LOCATIONS[campus];
  if (!centre) throw new Error(`Unknown campus "${campus}"`);
  const distance = centre.radiusMeters * Math.sqrt(random());
  const bearing = 2 * Math.PI * random();
  const dLat = (distance * Math.cos(bearing)) / 111_320;
  const dLng =
    (distance * Math.sin(bearing)) / (111_320 * Math.cos((centre.latitude * Math.PI) / 180));
  return {
    latitude: Number((centre.latitude + dLat).toFixed(6)),
    longitude: Number((centre.longitude + dLng).toFixed(6)),
  };
}

/** Small deterministic PRNG (mulberry32), so the seed is the same on every machine. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick(list, random) {
  return list[Math.floor(random() * list.length)];
}
