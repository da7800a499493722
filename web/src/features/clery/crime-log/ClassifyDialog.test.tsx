// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import type { IncidentReport } from '@campus-safety/model';
import type { WithId } from '../../../data/spec';

vi.mock('../../../lib/auth', () => ({ auth: {} }));
vi.mock('../../../lib/db', () => ({ db: {} }));
vi.mock('../../../lib/functions', () => ({ callFunction: vi.fn() }));
// The saved types: one the institution added, proposing stalking; one proposing "not a crime".
vi.mock('../../../data/settings', () => ({
  useCampuses: () => DEMO_CAMPUSES,
  useIncidentTypes: () => [
    { type: 'Theft', label: 'Theft', offered: true, clery: null },
    { type: 'Following', label: 'Following', offered: true, clery: 'stalking' },
    { type: 'Lost key', label: 'Lost key', offered: true, clery: 'notCrime' },
  ],
}));

import { ClassifyDialog } from './ClassifyDialog';

const incident = (incidentType: string) =>
  ({
    id: 'r1',
    incidentType,
    nearestCampus: 'main',
    status: 'Reported',
    geoLoc: DEMO_CAMPUSES[0]!.centre,
    timestamp: { toMillis: () => Date.now() },
  }) as unknown as WithId<IncidentReport>;
const READ = { status: 'ready', error: null, retry: () => undefined } as const;
const open = (type: string) =>
  render(<ClassifyDialog incident={incident(type)} record={null} read={READ} onClose={vi.fn()} />);

describe('Clery classification proposed from the incident type (docs/settings.md#incident-types)', () => {
  it("starts a new record from the type's offence, or as no crime", () => {
    open('Following');
    expect(screen.getByLabelText('Is it a crime?')).toHaveValue('yes');
    expect(screen.getByLabelText('Stalking')).toBeChecked();
  });

  it('proposes "not a crime" for a type that says so, and nothing for a starter type', () => {
    const { unmount } = open('Lost key');
    expect(screen.getByLabelText('Is it a crime?')).toHaveValue('no');
    unmount();
    open('Theft');
    expect(screen.getByLabelText('Is it a crime?')).toHaveValue('yes');
    expect(screen.getByLabelText('Stalking')).not.toBeChecked();
  });
});
