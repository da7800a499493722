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
