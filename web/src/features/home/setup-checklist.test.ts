import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, STARTER_SETTINGS_EDITOR } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { setupChecklist, type SetupFacts } from './setup-checklist';

const starter = { updatedBy: STARTER_SETTINGS_EDITOR };
const byAdmin = { updatedBy: { uid: 'admin-1', name: 'Ada Admin' } };

/** A deployment as `npm run setup` leaves it: starter settings, no schedules, one Admin. */
const fresh: SetupFacts = {
  institution: null,
  campusSetting: starter,
  incidentTypes: starter,
  responseTargets: starter,
  onCallSchedules: [],
  campuses: DEMO_CAMPUSES,
  alertSettings: { templates: DEFAULT_TEMPLATES },
  staff: ['admin-1'],
  self: 'admin-1',
};

const doneKeys = (facts: SetupFacts) =>
  setupChecklist(facts)
    .filter((i) => i.done)
    .map((i) => i.key);

describe('the set-up checklist', () => {
  it('after setup nothing is done, and each step links to the screen that does it', () => {
    const items = setupChecklist(fresh);
    expect(items.map((i) => [i.key, i.done, i.to])).toEqual([
      ['institution', false, '/settings'],
      ['campuses', false, '/settings'],
      ['incidentTypes', false, '/settings'],
      ['responseTargets', false, '/settings'],
      ['onCall', false, '/on-call'],
      ['alertTemplates', false, '/mass-notifications'],
      ['staff', false, '/accounts'],
    ]);
    expect(items.find((i) => i.key === 'campuses')?.label).toBe('Campuses and buildings');
    expect(items.find((i) => i.key === 'onCall')?.detail).toBe(
      'No schedule yet for Main Campus, North Campus, Riverside Campus.',
    );
  });

  it('with no campus saved, asks for the campuses first and leaves on call to follow', () => {
    const items = setupChecklist({ ...fresh, campusSetting: byAdmin, campuses: [] });
    expect(items.find((i) => i.key === 'campuses')).toMatchObject({
      done: false,
      detail: 'Add your campuses and draw their boundaries.',
    });
    expect(items.find((i) => i.key === 'onCall')).toMatchObject({
      done: false,
      detail: 'Add a campus first: each campus has its own schedule.',
    });
  });

  it('a setting counts once a person saved it, not while the starter settings wrote it', () => {
    expect(doneKeys({ ...fresh, institution: starter })).toEqual([]);
    expect(doneKeys({ ...fresh, institution: {} })).toEqual([]);
    expect(
      doneKeys({
        ...fresh,
        institution: byAdmin,
        incidentTypes: byAdmin,
        responseTargets: byAdmin,
      }),
    ).toEqual(['institution', 'incidentTypes', 'responseTargets']);
    expect(doneKeys({ ...fresh, campusSetting: byAdmin })).toEqual(['campuses']);
  });

  it('on call is done with a schedule for every campus, and names the ones missing', () => {
    const partial = setupChecklist({ ...fresh, onCallSchedules: ['north', 'riverside'] });
    expect(partial.find((i) => i.key === 'onCall')).toMatchObject({
      done: false,
      detail: 'No schedule yet for Main Campus.',
    });
    expect(
      doneKeys({ ...fresh, onCallSchedules: ['main', 'north', 'riverside', 'old-campus'] }),
    ).toEqual(['onCall']);
  });

  it('alert templates count once one differs from the starter text', () => {
    expect(doneKeys({ ...fresh, alertSettings: null })).toEqual([]);
    const templates = {
      ...DEFAULT_TEMPLATES,
      lockdown: { ...DEFAULT_TEMPLATES.lockdown, body: 'Lock the door. Campus police: 555-0100.' },
    };
    expect(doneKeys({ ...fresh, alertSettings: { templates } })).toEqual(['alertTemplates']);
  });

  it('staff counts another staff account, not the Admin themself', () => {
    expect(doneKeys({ ...fresh, staff: ['admin-1'] })).toEqual([]);
    const items = setupChecklist({ ...fresh, staff: ['admin-1', 'imt-1', 'imt-2'] });
    expect(items.find((i) => i.key === 'staff')).toMatchObject({
      done: true,
      detail: '2 other staff accounts.',
    });
  });
});
