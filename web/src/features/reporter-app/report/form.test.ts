import { describe, expect, it } from 'vitest';
import { fieldProblems, LIMITS, reportPlacesOf } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import {
  descriptionLeft,
  EMPTY_REPORT,
  geolocationProblem,
  locationLine,
  placeSummary,
  reportFields,
  reportSchema,
  validateReport,
  type ReportForm,
} from './form';

const northCampus = DEMO_CAMPUSES.find((c) => c.id === 'north')!;
const north = northCampus.centre;
const filled: ReportForm = {
  incidentType: 'Theft',
  description: '  Phone taken at the canteen  ',
  location: { ...north, source: 'pin' },
  anonymous: true,
};

describe('report form', () => {
  it('asks for a type among the offered ones and a place', () => {
    const errors = validateReport(EMPTY_REPORT, ['Theft', 'Fire']);
    expect(errors.incidentType).toBe('Choose what happened.');
    expect(errors.location).toMatch(/use your location, put a pin on the map, or choose a place/);
    expect(validateReport({ ...filled, incidentType: 'Fire' }, ['Theft']).incidentType).toBe(
      'Choose what happened.',
    );
    expect(Object.values(validateReport(filled, ['Theft'])).filter(Boolean)).toEqual([]);
  });

  it('files the fields the model schema takes, the campus from the point', () => {
    const fields = reportFields(filled, DEMO_CAMPUSES);
    expect(fields).toEqual({
      geoLoc: { latitude: north.latitude, longitude: north.longitude },
      nearestCampus: 'north',
      incidentType: 'Theft',
      description: 'Phone taken at the canteen',
    });
    expect(fieldProblems(reportSchema, fields)).toEqual({});
    expect(reportFields({ ...filled, description: '   ' }, DEMO_CAMPUSES)).not.toHaveProperty(
      'description',
    );
  });

  it('refuses a description over the bound, as the rules do', () => {
    const long = reportFields(
      { ...filled, description: 'x'.repeat(LIMITS.body + 1) },
      DEMO_CAMPUSES,
    );
    expect(fieldProblems(reportSchema, long).description).toBeTruthy();
    expect(descriptionLeft('x'.repeat(10))).toBe(LIMITS.body - 10);
  });

  it('says where a point goes, on or off campus', () => {
    expect(placeSummary(north, DEMO_CAMPUSES)).toBe(
      'On North Campus. The report goes to its safety team.',
    );
    const off = { latitude: north.latitude + 0.01, longitude: north.longitude };
    expect(placeSummary(off, DEMO_CAMPUSES)).toBe(
      'Off campus, 1.1 km from North Campus. The report goes to its safety team.',
    );
    expect(placeSummary(north, [])).toBe('No campus is set up yet to send the report to.');
  });

  it('with no campus set up, files no campus: the schema refuses the report', () => {
    const fields = reportFields(filled, []);
    expect(fields.nearestCampus).toBe('');
    expect(fieldProblems(reportSchema, fields).nearestCampus).toBeTruthy();
  });

  it('files a place chosen from the list like a pin at it, and names it under the map', () => {
    const narra = reportPlacesOf(northCampus).find((p) => p.name === 'Narra Residence Hall')!;
    const location = { ...narra.point, source: 'place' as const, place: narra.name };
    const fields = reportFields({ ...filled, location }, DEMO_CAMPUSES);
    expect(fields.geoLoc).toEqual(narra.point);
    expect(fields.nearestCampus).toBe('north');
    expect(locationLine(location, DEMO_CAMPUSES)).toBe(
      'Narra Residence Hall: On North Campus. The report goes to its safety team.',
    );
    expect(locationLine({ ...north, source: 'pin' }, DEMO_CAMPUSES)).toMatch(/^Pin: On North/);
  });

  it('explains a refused or failed location and offers the pin', () => {
    expect(geolocationProblem(1)).toMatch(/blocked for this site.*pin on the map/);
    expect(geolocationProblem(2)).toMatch(/could not be found/);
    expect(geolocationProblem(3)).toMatch(/too long/);
    expect(geolocationProblem('unsupported')).toMatch(/cannot share/);
  });
});
