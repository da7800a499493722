import { DEFAULT_INSTITUTION } from '@campus-safety/model';
import { describe, expect, it } from 'vitest';
import { institutionDraftOf, institutionOfDraft, institutionProblems } from './institution-draft';

const draft = () => institutionDraftOf({ institution: DEFAULT_INSTITUTION });

describe('institution form', () => {
  it('round-trips the stored profile through the boxes', () => {
    expect(institutionOfDraft(draft())).toEqual(DEFAULT_INSTITUTION);
    expect(institutionProblems(draft())).toEqual({});
  });

  it('sends no local emergency number when both its boxes are empty', () => {
    const sent = institutionOfDraft({ ...draft(), emergencyLabel: ' ', emergencyPhone: '' });
    expect(sent.localEmergency).toBeNull();
    expect(institutionProblems({ ...draft(), emergencyLabel: '', emergencyPhone: '' })).toEqual({});
  });

  it('puts each of the schema problems next to its box', () => {
    const problems = institutionProblems({
      ...draft(),
      timeZone: 'Asia/Manilla',
      securityPhone: 'call us',
      emergencyPhone: '',
      latitude: '',
      zoom: '30',
    });
    expect(problems.timeZone).toMatch(/IANA zone/);
    expect(problems.securityPhone).toMatch(/only digits, spaces/);
    expect(problems.emergencyPhone).toMatch(/3 to 20 characters/);
    expect(problems.latitude).toMatch(/^Latitude must be a number/);
    expect(problems.zoom).toMatch(/between 1 and 19/);
    expect(problems.name).toBeUndefined();
  });
});
