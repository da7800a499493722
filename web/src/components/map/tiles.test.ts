import { describe, expect, it } from 'vitest';
import { OPENSTREETMAP_TILES, readTileSetting } from './tiles';

describe('map tile source', () => {
  it("defaults to OpenStreetMap's tiles with its attribution", () => {
    expect(readTileSetting({})).toEqual({ source: OPENSTREETMAP_TILES, problem: null });
    expect(OPENSTREETMAP_TILES.attribution).toContain('OpenStreetMap');
  });

  it('takes a configured template and attribution', () => {
    const env = {
      VITE_MAP_TILE_URL: ' https://tiles.example.org/{z}/{x}/{y}.png ',
      VITE_MAP_TILE_ATTRIBUTION: '© Example',
    };
    expect(readTileSetting(env).source).toEqual({
      url: 'https://tiles.example.org/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
  });

  it.each([
    [{ VITE_MAP_TILE_URL: 'ftp://x/{z}/{x}/{y}', VITE_MAP_TILE_ATTRIBUTION: 'a' }, /https/],
    [{ VITE_MAP_TILE_URL: 'https://x/{z}/{x}.png', VITE_MAP_TILE_ATTRIBUTION: 'a' }, /\{y\}/],
    [{ VITE_MAP_TILE_URL: 'https://x/{z}/{x}/{y}.png' }, /ATTRIBUTION is required/],
    [
      {
        VITE_MAP_TILE_URL: `https://x/{z}/{x}/{y}/${'a'.repeat(600)}`,
        VITE_MAP_TILE_ATTRIBUTION: 'a',
      },
      /longer/,
    ],
  ])('refuses a bad setting with a reason (%#)', (env, reason) => {
    const setting = readTileSetting(env);
    expect(setting.source).toBeNull();
    expect(setting.problem).toMatch(reason);
  });
});
