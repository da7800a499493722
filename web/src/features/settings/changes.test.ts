import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTING_VALUES, toStoredCampuses } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { settingChanges } from './changes';

describe('settingChanges', () => {
  it('names each target that changed, against the defaults when there was no document', () => {
    const targets = structuredClone(DEFAULT_SETTING_VALUES.responseTargets.targets);
    (targets.Critical as { assignWithinMinutes: number }).assignWithinMinutes = 3;
    expect(settingChanges('responseTargets', null, { targets })).toEqual([
      'Critical: assign within 5 → 3 min',
    ]);
    expect(settingChanges('responseTargets', { targets }, { targets })).toEqual([
      'Saved without changes',
    ]);
  });

  it('names added, renamed and retired types, and a new proposed Clery classification', () => {
    const types = structuredClone(DEFAULT_SETTING_VALUES.incidentTypes.types);
    types['Fire'] = { ...types['Fire']!, label: 'Fire or smoke', offered: false };
    types['Harassment']!.clery = 'stalking';
    types['Noise'] = { label: 'Noise', offered: true, clery: null, position: 8 };
    expect(settingChanges('incidentTypes', undefined, { types })).toEqual([
      'Fire: shown as "Fire" → "Fire or smoke"',
      'Fire: no longer offered',
      'Harassment: proposed Clery classification no proposal → Stalking',
      'Noise: added',
    ]);
  });

  it('names the resolve codes added and removed', () => {
    const codes = ['Resolved on site', 'Referred to housing'];
    expect(settingChanges('resolveCodes', null, { codes })).toEqual([
      '"Referred to housing" added',
      '"Referred to medical services" removed',
      '"Referred to police" removed',
      '"Referred to another office" removed',
      '"No action needed" removed',
    ]);
  });

  it('names each campus added, renamed, retired, and a moved boundary', () => {
    const before = { campuses: toStoredCampuses(DEMO_CAMPUSES) };
    expect(settingChanges('campuses', null, before)).toEqual([
      'Main Campus: added',
      'North Campus: added',
      'Riverside Campus: added',
    ]);
    const after = structuredClone(before);
    after.campuses['north']!.boundary.pop();
    after.campuses['main']!.name = 'Diliman Campus';
    after.campuses['riverside']!.retired = true;
    expect(settingChanges('campuses', before, after)).toEqual([
      'Main Campus: renamed Diliman Campus',
      'North Campus: boundary changed (10 → 9 points)',
      'Riverside Campus: retired',
    ]);
    expect(settingChanges('campuses', after, before)).toContain('Riverside Campus: in use again');
    expect(settingChanges('campuses', before, before)).toEqual(['Saved without changes']);
  });

  it('names the alert approval it changed from the default (off)', () => {
    const approval = { audience: 'wholeCampus', urgency: 'any' } as const;
    expect(settingChanges('alertApproval', null, { approval })).toEqual([
      'Needs approval: No alert (approval off) → Alerts to everyone on any whole campus (not staff only)',
      'Of those: Only those sent by push or SMS (they ring phones at once) → Every one, whatever its channels',
    ]);
  });

  it('names the institution fields that changed, a time zone first of all', () => {
    const institution = {
      ...DEFAULT_SETTING_VALUES.institution.institution,
      timeZone: 'America/Chicago',
      localEmergency: null,
      defaultLanguage: 'fil',
    };
    expect(settingChanges('institution', null, { institution })).toEqual([
      'Time zone: Asia/Manila → America/Chicago',
      'Local emergency: Emergency (police, fire, ambulance) 911 → none',
      'Default language: English → Filipino',
    ]);
  });
});
