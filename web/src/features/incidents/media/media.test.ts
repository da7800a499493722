import { describe, expect, it } from 'vitest';
import type { IncidentMedia } from '@campus-safety/model';
import { mediaLabel, readyIds, step, withheldText } from './media';

const photo: IncidentMedia = {
  side: 'reporter',
  by: null,
  kind: 'image',
  contentType: 'image/jpeg',
  size: 10,
  sha256: 'ab',
  state: 'ready',
  originalPath: 'incident_media/i/reporter/m/original.jpg',
  createdAt: { toMillis: () => 0, toDate: () => new Date(0) },
};

describe('media labels', () => {
  it('names the kind, the position and who added it, never an anonymous reporter', () => {
    expect(mediaLabel(photo, 0, 3)).toBe('Photo 1 of 3, added by the reporter');
    expect(
      mediaLabel(
        { ...photo, kind: 'video', side: 'staff', by: { uid: 'u', name: 'Ivy Medina' } },
        2,
        3,
      ),
    ).toBe('Video 3 of 3, added by Ivy Medina');
    expect(mediaLabel({ ...photo, kind: null, state: 'quarantined' }, 0, 1)).toBe(
      'File 1 of 1, added by the reporter',
    );
  });

  it('says why a file is withheld', () => {
    expect(
      withheldText({ ...photo, state: 'quarantined', reason: 'The file is a Windows program.' }),
    ).toBe('Withheld: The file is a Windows program.');
  });

  it('moves through the list, wrapping at both ends', () => {
    expect(step(0, -1, 3)).toBe(2);
    expect(step(2, 1, 3)).toBe(0);
    expect(step(1, 1, 3)).toBe(2);
  });

  it('lists only ready media as showable', () => {
    const ids = readyIds([
      { ...photo, id: 'a' },
      { ...photo, id: 'b', state: 'quarantined' },
    ]);
    expect([...ids]).toEqual(['a']);
  });
});
