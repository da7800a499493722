import { describe, expect, it } from 'vitest';
import { AFFILIATIONS } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { mapCampusOf } from '../report/form';
import {
  AFFILIATION_OPTIONS,
  campusChoices,
  NO_CAMPUS,
  placeOf,
  placeProblems,
  placeRequest,
  placeUnanswered,
} from './place';

describe('a reporter’s campus and affiliation', () => {
  it('offers every campus, "None of these" and every affiliation by its label', () => {
    expect(campusChoices(DEMO_CAMPUSES)).toEqual([
      { value: 'main', label: 'Main Campus' },
      { value: 'north', label: 'North Campus' },
      { value: 'riverside', label: 'Riverside Campus' },
      { value: NO_CAMPUS, label: 'None of these' },
    ]);
    expect(AFFILIATION_OPTIONS.map((o) => o.label)).toEqual([
      'Student',
      'Faculty',
      'Staff',
      'Visitor',
    ]);
    expect(AFFILIATION_OPTIONS.map((o) => o.value)).toEqual([...AFFILIATIONS]);
  });

  it('offers no retired campus', () => {
    const retired = DEMO_CAMPUSES.map((c) => ({ ...c, retired: c.id === 'north' }));
    expect(campusChoices(retired).map((o) => o.label)).toEqual([
      'Main Campus',
      'Riverside Campus',
      'None of these',
    ]);
  });

  it('saves a campus by id and "None of these" as no campus', () => {
    expect(placeRequest({ campus: 'north', affiliation: 'faculty' })).toEqual({
      campus: 'north',
      affiliation: 'faculty',
    });
    expect(placeRequest({ campus: NO_CAMPUS, affiliation: 'visitor' })).toEqual({
      campus: null,
      affiliation: 'visitor',
    });
  });

  it('asks for both until both are chosen', () => {
    expect(placeProblems({ campus: '', affiliation: '' })).toEqual({
      campus: 'Choose your campus, or “None of these”.',
      affiliation: 'Choose your affiliation: student, faculty, staff or visitor.',
    });
    expect(placeProblems({ campus: NO_CAMPUS, affiliation: 'student' })).toEqual({});
    expect(placeProblems({ campus: 'main', affiliation: 'staff' })).toEqual({});
  });

  it('refuses what the model does not know, in the model’s words', () => {
    const problems = placeProblems({ campus: 'Atlantis', affiliation: 'alumni' });
    expect(problems.campus).toBe('Choose a campus from the list.');
    expect(problems.affiliation).toBe(
      'Affiliation must be one of Student, Faculty, Staff, Visitor.',
    );
  });

  it('reads a stored account back: no campus is "None of these" only once answered', () => {
    expect(placeOf({ campus: 'riverside', affiliation: 'student' })).toEqual({
      campus: 'riverside',
      affiliation: 'student',
    });
    expect(placeOf({ campus: null, affiliation: 'visitor' })).toEqual({
      campus: NO_CAMPUS,
      affiliation: 'visitor',
    });
    expect(placeOf({ campus: null })).toEqual({ campus: '', affiliation: '' });
  });

  it('invites only app users who were never asked', () => {
    expect(placeUnanswered({ role: 'User' })).toBe(true);
    expect(placeUnanswered({ role: 'User', affiliation: 'student' })).toBe(false);
    expect(placeUnanswered({ role: 'IMT' })).toBe(false);
  });

  it('opens the report map on the reporter’s campus, else the first active one', () => {
    expect(mapCampusOf('riverside', DEMO_CAMPUSES)?.name).toBe('Riverside Campus');
    expect(mapCampusOf(null, DEMO_CAMPUSES)?.name).toBe('Main Campus');
    expect(mapCampusOf('Atlantis', DEMO_CAMPUSES)?.name).toBe('Main Campus');
    const retired = DEMO_CAMPUSES.map((c) => ({ ...c, retired: c.id !== 'north' }));
    expect(mapCampusOf('riverside', retired)?.name).toBe('North Campus');
    expect(mapCampusOf('main', [])).toBeNull();
  });
});
