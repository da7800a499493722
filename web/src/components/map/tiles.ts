/**
 * Where the maps' background tiles come from: `VITE_MAP_TILE_URL` (a `{z}/{x}/{y}` template) and
 * `VITE_MAP_TILE_ATTRIBUTION`, else OpenStreetMap's tile server with its required attribution.
 * A bad setting means no tiles (the maps fall back to a plain background) and a reason to show.
 */
export interface TileSource {
  url: string;
  /** HTML, as tile providers publish it (links to their copyright pages). */
  attribution: string;
}

export type TileSetting = { source: TileSource; problem: null } | { source: null; problem: string };

export const OPENSTREETMAP_TILES: TileSource = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

const MAX_SETTING_LENGTH = 500;

type Env = Record<string, string | boolean | undefined>;

function text(env: Env, key: string): string | undefined {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function readTileSetting(env: Env): TileSetting {
  const url = text(env, 'VITE_MAP_TILE_URL');
  const attribution = text(env, 'VITE_MAP_TILE_ATTRIBUTION');
  if (!url) return { source: OPENSTREETMAP_TILES, problem: null };
  const fail = (problem: string): TileSetting => ({ source: null, problem });
  if (url.length > MAX_SETTING_LENGTH || (attribution?.length ?? 0) > MAX_SETTING_LENGTH) {
    return fail(`The map tile settings are longer than ${MAX_SETTING_LENGTH} characters.`);
  }
  if (!/^https?:\/\//.test(url))
    return fail('VITE_MAP_TILE_URL must start with https:// or http://.');
  if (!['{z}', '{x}', '{y}'].every((part) => url.includes(part))) {
    return fail('VITE_MAP_TILE_URL must contain {z}, {x} and {y}.');
  }
  // Tile providers' terms require crediting them; a custom source without a credit is refused.
  if (!attribution) return fail('VITE_MAP_TILE_ATTRIBUTION is required with VITE_MAP_TILE_URL.');
  return { source: { url, attribution }, problem: null };
}
