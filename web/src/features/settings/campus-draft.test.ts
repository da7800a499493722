import { centreOf, type LatLng } from '@campus-safety/model';
import { describe, expect, it } from 'vitest';
import { EMPTY_CAMPUS_DRAFT, boundaryText, parseCampusDraft, previewOfDraft } from './campus-draft';

const SQUARE: LatLng[] = [
  [41.995, -87.667],
  [41.995, -87.657],
  [42.003, -87.657],
  [42.003, -87.667],
];

describe('a campus drawn before it is named', () => {
  const drawn = {
    ...EMPTY_CAMPUS_DRAFT,
    boundary: boundaryText(SQUARE),
    latitude: '41.999',
    longitude: '-87.662',
  };

  it('is previewed with its grounds while the name is still to come, not saved', () => {
    expect(previewOfDraft(drawn, 'new-campus')).toMatchObject({
      boundary: SQUARE,
      centre: { latitude: 41.999, longitude: -87.662 },
      name: '',
    });
    expect(parseCampusDraft(drawn, 'new-campus')).toEqual({
      problems: {
        name: 'Give the campus a name.',
        shortName: 'Give a short name (for tight spaces).',
      },
    });
  });

  it('is not previewed before it has three corners and a centre that read', () => {
    expect(
      previewOfDraft({ ...drawn, boundary: boundaryText(SQUARE.slice(0, 2)) }, 'x'),
    ).toBeNull();
    expect(previewOfDraft({ ...drawn, latitude: '' }, 'x')).toBeNull();
    expect(previewOfDraft({ ...drawn, longitude: 'west' }, 'x')).toBeNull();
  });

  it('gets the mean of its corners as its centre, unless that falls outside the outline', () => {
    expect(centreOf(SQUARE)).toEqual({ latitude: 41.999, longitude: -87.662 });
    // A thin "C": the corners' mean lies in its mouth, outside.
    const c: LatLng[] = [
      [0, 0],
      [0, 10],
      [1, 10],
      [1, 1],
      [9, 1],
      [9, 10],
      [10, 10],
      [10, 0],
    ];
    expect(centreOf(c)).toBeNull();
    expect(centreOf(SQUARE.slice(0, 2))).toBeNull();
  });
});
