/**
 * The rules language cannot import @campus-safety/model, so the rules restate its vocabularies and
 * limits as constant functions. This fails when the two drift apart. Needs no emulator.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  AFFILIATIONS,
  EMERGENCY_LIMITS,
  SAFETY_TIMER_LIMITS,
  IMAGE_CONTENT_TYPES,
  DECLINE_REASONS,
  INCIDENT_TYPES,
  LANGUAGES,
  LIMITS,
  MEDIA_CONTENT_TYPES,
  MEDIA_FILE_NAME_PATTERN,
  MEDIA_ID_PATTERN,
  MASS_NOTIFICATION_LIMITS,
  LAST_LOCATION_LIMITS,
  RESOLVE_CODES,
  TEMPLATE_KEYS,
  THREAT_LEVELS,
  HIDDEN_IN_LINE,
  HIDDEN_IN_TEXT,
} from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { FIRESTORE_RULES_FILE, STORAGE_RULES_FILE } from './support/paths';

/** `function name() { return <literal>; }` → the literal's value (a number or a list of strings). */
function constantsOf(file: string): Map<string, unknown> {
  const source = readFileSync(file, 'utf8');
  const constants = new Map<string, unknown>();
  for (const match of source.matchAll(/function (\w+)\(\)\s*\{\s*return ([^;]+);\s*\}/g)) {
    const [, name, literal] = match as unknown as [string, string, string];
    const json = literal.replace(/'/g, '"').replace(/\s+/g, ' ');
    try {
      constants.set(name, JSON.parse(json));
    } catch {
      // Not a literal (a function computing something): not a restated constant.
    }
  }
  return constants;
}

const limitFunction = (key: string) => `limit${key[0]!.toUpperCase()}${key.slice(1)}`;

describe('rules restate the model', () => {
  const firestore = constantsOf(FIRESTORE_RULES_FILE);
  const storage = constantsOf(STORAGE_RULES_FILE);

  const lists: [string, readonly string[]][] = [
    ['affiliations', AFFILIATIONS],
    ['threatLevels', THREAT_LEVELS],
    ['languages', LANGUAGES],
  ];
  // Campuses are the institution's data (settings/campuses), not the rules' (issue 30 item 3).
  it('the rules name no campus', () => {
    for (const file of [FIRESTORE_RULES_FILE, STORAGE_RULES_FILE]) {
      const source = readFileSync(file, 'utf8');
      for (const campus of DEMO_CAMPUSES)
        for (const word of [campus.name, `'${campus.id}'`])
          assert.ok(!source.includes(word), `${file} names ${word}`);
    }
  });

  // Incident types, resolve codes and decline reasons are the institution's data too (settings/).
  it('the rules name no incident type, resolve code or decline reason', () => {
    const source = readFileSync(FIRESTORE_RULES_FILE, 'utf8');
    for (const word of [...INCIDENT_TYPES, ...RESOLVE_CODES, ...DECLINE_REASONS])
      assert.ok(!source.includes(`'${word}'`), `firestore.rules names ${word}`);
  });

  for (const [name, expected] of lists) {
    it(`firestore.rules ${name}() equals the model`, () => {
      assert.deepEqual(firestore.get(name), [...expected]);
    });
  }

  it('the alert template bounds and keys equal the model’s', () => {
    assert.equal(firestore.get('limitAlertTitle'), MASS_NOTIFICATION_LIMITS.title);
    assert.equal(firestore.get('limitAlertBody'), MASS_NOTIFICATION_LIMITS.body);
    assert.equal(firestore.get('limitAlertTranslations'), MASS_NOTIFICATION_LIMITS.translations);
    assert.equal(firestore.get('limitLocationKeepHours'), LAST_LOCATION_LIMITS.keepHours);
    const rules = readFileSync(FIRESTORE_RULES_FILE, 'utf8');
    const keys = `[${TEMPLATE_KEYS.map((k) => `'${k}'`).join(', ')}]`;
    assert.ok(rules.includes(`hasOnly(${keys})`) && rules.includes(`hasAll(${keys})`), keys);
    // The rules check each language's template version by name (they have no loops).
    for (const language of LANGUAGES)
      assert.ok(rules.includes(`translatedVersionValid(t, '${language}')`), language);
  });

  it('the emergency bounds equal EMERGENCY_LIMITS', () => {
    for (const [key, value] of Object.entries(EMERGENCY_LIMITS))
      assert.equal(firestore.get(limitFunction(key)), value, key);
  });

  it('the safety timer bounds equal SAFETY_TIMER_LIMITS', () => {
    for (const [key, value] of Object.entries(SAFETY_TIMER_LIMITS))
      assert.equal(firestore.get(limitFunction(key)), value, key);
  });

  it('every limit firestore.rules restates equals LIMITS', () => {
    const restated = Object.keys(LIMITS).filter((key) => firestore.has(limitFunction(key)));
    assert.ok(restated.length >= 8, `only ${restated.join(', ')} found`);
    for (const key of restated) {
      assert.equal(firestore.get(limitFunction(key)), LIMITS[key as keyof typeof LIMITS], key);
    }
  });

  const classes: [string, string, RegExp][] = [
    ['unsafeCharacters', 'HIDDEN_IN_LINE', HIDDEN_IN_LINE],
    ['unsafeInTextCharacters', 'HIDDEN_IN_TEXT', HIDDEN_IN_TEXT],
  ];
  for (const [name, modelName, model] of classes) {
    it(`firestore.rules ${name}() refuses exactly the model's ${modelName}`, () => {
      const restated = firestore.get(name);
      assert.equal(typeof restated, 'string');
      const rules = new RegExp(`[${restated as string}]`);
      const differing: string[] = [];
      for (let code = 0; code <= 0xffff; code++) {
        const c = String.fromCharCode(code);
        if (rules.test(c) !== model.test(c)) differing.push(code.toString(16));
      }
      assert.deepEqual(differing, []);
    });
  }

  it('storage.rules image types and limits equal the model', () => {
    assert.deepEqual(storage.get('imageContentTypes'), [...IMAGE_CONTENT_TYPES]);
    const restated = Object.keys(LIMITS).filter((key) => storage.has(limitFunction(key)));
    assert.ok(restated.length >= 5, `only ${restated.join(', ')} found`);
    for (const key of restated) {
      assert.equal(storage.get(limitFunction(key)), LIMITS[key as keyof typeof LIMITS], key);
    }
    assert.equal(storage.get('unsafeCharacters'), firestore.get('unsafeCharacters'));
  });

  it('storage.rules media types and patterns, and firestore.rules media ids, equal the model', () => {
    assert.deepEqual(storage.get('mediaImageContentTypes'), [...MEDIA_CONTENT_TYPES.image]);
    assert.deepEqual(storage.get('videoContentTypes'), [...MEDIA_CONTENT_TYPES.video]);
    assert.deepEqual(storage.get('audioContentTypes'), [...MEDIA_CONTENT_TYPES.audio]);
    assert.equal(storage.get('mediaIdPattern'), MEDIA_ID_PATTERN);
    assert.equal(storage.get('mediaFileNamePattern'), MEDIA_FILE_NAME_PATTERN);
    assert.equal(firestore.get('mediaIdPattern'), MEDIA_ID_PATTERN);
  });
});
