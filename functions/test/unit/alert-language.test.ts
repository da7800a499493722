import assert from 'node:assert/strict';
import {
  MASS_NOTIFICATION_LIMITS,
  sendMassNotificationSchema,
  institutionOf,
  languageOfTag,
  massNotificationSettingsProblem,
  DEFAULT_TEMPLATES,
} from '@campus-safety/model';
import { alertVersionFor } from '../../src/domain/alert-language';

const ALERT = {
  title: 'Lockdown',
  body: 'Stay where you are.',
  language: 'en',
  translations: { fil: { title: 'Lockdown (fil)', body: 'Manatili kung nasaan ka.' } },
};

describe('the version of an alert a person reads', () => {
  it('is their profile language’s when the alert has it', () => {
    const got = alertVersionFor(ALERT, { profile: 'fil', roster: 'es' });
    assert.deepEqual(got, {
      language: 'fil',
      title: 'Lockdown (fil)',
      body: ALERT.translations.fil.body,
    });
  });

  it('is their roster language’s (by its primary subtag, any case) without a profile language', () => {
    assert.equal(alertVersionFor(ALERT, { roster: 'FIL-ph' }).language, 'fil');
    assert.equal(alertVersionFor(ALERT, { profile: null, roster: 'fil' }).language, 'fil');
  });

  it('is the main text, in the alert’s language, for a missing, unsupported or untranslated language', () => {
    for (const person of [
      {},
      { roster: 'xx' },
      { profile: 'klingon' },
      { profile: 'es' },
      { roster: 42 },
    ])
      assert.deepEqual(alertVersionFor(ALERT, person), {
        language: 'en',
        title: ALERT.title,
        body: ALERT.body,
      });
    // An alert of before languages: English, no versions.
    assert.equal(alertVersionFor({ title: 't', body: 'b' }, { profile: 'fil' }).language, 'en');
    assert.equal(
      alertVersionFor({ ...ALERT, language: 'fil', translations: {} }, { profile: 'en' }).language,
      'fil',
    );
  });

  it('reads tags by their primary subtag only', () => {
    assert.equal(languageOfTag('es-419'), 'es');
    assert.equal(languageOfTag('zh_Hant'), 'zh');
    assert.equal(languageOfTag('english'), null);
    assert.equal(languageOfTag(''), null);
  });
});

describe('alert versions in the input', () => {
  const base = {
    kind: 'general',
    title: 'T',
    body: 'B',
    channels: ['email'],
    audience: { allCampuses: true, campuses: [], staffOnly: false },
  };
  const problem = (translations: unknown) => {
    const parsed = sendMassNotificationSchema.safeParse({ ...base, translations });
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };
  const version = { title: 'Titulo', body: 'Texto' };

  it('takes up to five versions of supported languages, trimmed', () => {
    const parsed = sendMassNotificationSchema.parse({
      ...base,
      translations: { fil: { title: ' Babala ', body: 'Teksto' } },
    });
    assert.deepEqual(parsed.translations, { fil: { title: 'Babala', body: 'Teksto' } });
    assert.deepEqual(sendMassNotificationSchema.parse(base).translations, {});
    const five = Object.fromEntries(['fil', 'es', 'zh', 'ko', 'ja'].map((l) => [l, version]));
    assert.equal(problem(five), null);
  });

  it('refuses an unknown language, a sixth version, a long or empty text, extra keys', () => {
    assert.match(problem({ xx: version })!, /Unknown language "xx": use one of en, fil/);
    const six = Object.fromEntries(['fil', 'es', 'zh', 'ko', 'ja', 'vi'].map((l) => [l, version]));
    assert.equal(
      problem(six),
      `At most ${MASS_NOTIFICATION_LIMITS.translations} versions in other languages.`,
    );
    assert.equal(
      problem({ fil: { title: 'x'.repeat(81), body: 'b' } }),
      'The Filipino title must be at most 80 characters.',
    );
    assert.equal(
      problem({ es: { title: 't', body: ' ' } }),
      'The Spanish (Español) text is required.',
    );
    assert.equal(
      problem({ fil: { ...version, sms: 'x' } }),
      'The Filipino version holds a title and a text only.',
    );
    assert.match(problem([version])!, /a title and a text per language/);
  });

  it('checks template versions the same way', () => {
    const templates = {
      ...DEFAULT_TEMPLATES,
      lockdown: { ...DEFAULT_TEMPLATES.lockdown, translations: { fil: version } },
    };
    assert.equal(massNotificationSettingsProblem({ templates }), null);
    const bad = {
      ...templates,
      allClear: { ...DEFAULT_TEMPLATES.allClear, translations: { xx: version } },
    };
    assert.match(
      massNotificationSettingsProblem({ templates: bad })!,
      /^All clear: Unknown language "xx"/,
    );
  });
});

describe('the institution’s default language', () => {
  it('is English for a profile saved before languages, and kept when valid', () => {
    const stored = { institution: { ...institutionOf(null) } } as {
      institution: Record<string, unknown>;
    };
    delete stored.institution.defaultLanguage;
    assert.equal(institutionOf(stored).defaultLanguage, 'en');
    assert.equal(institutionOf(stored).name, 'Metro University');
    assert.equal(
      institutionOf({ institution: { ...stored.institution, defaultLanguage: 'fil' } })
        .defaultLanguage,
      'fil',
    );
  });
});
