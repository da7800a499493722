import assert from 'node:assert/strict';
import {
  DEFAULT_INSTITUTION,
  DEFAULT_SETTING_VALUES,
  institutionOf,
  saveSettingSchema,
  telHref,
  type Institution,
} from '../src/index';

const profile = (): Institution => structuredClone(DEFAULT_INSTITUTION);
const problems = (institution: unknown) => {
  const parsed = saveSettingSchema.safeParse({ setting: 'institution', value: { institution } });
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('settings: institution profile', () => {
  it('seeds the demo profile in Asia/Manila and reads a saved one in its place', () => {
    assert.deepEqual(DEFAULT_SETTING_VALUES.institution.institution, DEFAULT_INSTITUTION);
    assert.equal(DEFAULT_INSTITUTION.timeZone, 'Asia/Manila');
    assert.deepEqual(problems(profile()), []);
    const chicago = { ...profile(), name: 'Lakeshore College', timeZone: 'America/Chicago' };
    assert.equal(institutionOf({ institution: chicago }).timeZone, 'America/Chicago');
    assert.equal(institutionOf({ institution: chicago }).name, 'Lakeshore College');
  });

  it('reads a missing or damaged document as the defaults', () => {
    assert.equal(institutionOf(undefined), DEFAULT_INSTITUTION);
    assert.equal(
      institutionOf({ institution: { ...profile(), timeZone: 'Mars/Olympus' } }),
      DEFAULT_INSTITUTION,
    );
  });

  it('refuses an unknown or empty time zone', () => {
    assert.match(problems({ ...profile(), timeZone: 'Asia/Manilla' }).join(), /IANA zone/);
    assert.match(problems({ ...profile(), timeZone: '' }).join(), /IANA zone/);
  });

  it('refuses phone numbers with letters, too few digits or out of 3-20 characters', () => {
    const withPhone = (phone: string) => ({
      ...profile(),
      campusSecurity: { label: 'Campus police', phone },
    });
    assert.deepEqual(problems(withPhone('+1 (312) 555-0100')), []);
    assert.match(problems(withPhone('call 911')).join(), /only digits, spaces/);
    assert.match(problems(withPhone('12')).join(), /3 to 20 characters/);
    assert.match(problems(withPhone('1'.repeat(21))).join(), /3 to 20 characters/);
    assert.match(problems(withPhone('+ - ( )')).join(), /needs 3 digits/);
    assert.match(
      problems({ ...profile(), localEmergency: { label: 'Emergency', phone: 'x' } }).join(),
      /Local emergency/,
    );
  });

  it('requires the campus number, allows no local one', () => {
    const { campusSecurity: _dropped, ...without } = profile();
    assert.notDeepEqual(problems(without), []);
    assert.deepEqual(problems({ ...profile(), localEmergency: null }), []);
    assert.match(
      problems({ ...profile(), campusSecurity: { label: ' ', phone: '911' } }).join(),
      /label is required/,
    );
  });

  it('bounds the names, the address and the map view, and refuses unknown fields', () => {
    assert.match(problems({ ...profile(), name: '' }).join(), /name is required/);
    assert.match(problems({ ...profile(), name: 'x'.repeat(81) }).join(), /at most 80/);
    assert.match(problems({ ...profile(), shortName: 'x'.repeat(25) }).join(), /at most 24/);
    assert.match(problems({ ...profile(), name: 'Metro\u202EU' }).join(), /invisible/);
    assert.match(problems({ ...profile(), address: 'x'.repeat(301) }).join(), /at most 300/);
    const map = (centre: { latitude: number; longitude: number }, zoom: number) => ({
      ...profile(),
      mapView: { centre, zoom },
    });
    assert.match(problems(map({ latitude: 91, longitude: 0 }, 10)).join(), /Latitude/);
    assert.match(problems(map({ latitude: 0, longitude: 181 }, 10)).join(), /Longitude/);
    assert.match(problems(map({ latitude: 0, longitude: 0 }, 20)).join(), /between 1 and 19/);
    assert.match(problems(map({ latitude: 0, longitude: 0 }, 2.5)).join(), /whole number/);
    assert.notDeepEqual(problems({ ...profile(), logo: 'x' }), []);
  });

  it('dials only digits and a leading plus', () => {
    assert.equal(telHref('+1 (312) 555-0100'), 'tel:+13125550100');
    assert.equal(telHref('911'), 'tel:911');
  });
});
