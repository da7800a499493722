import assert from 'node:assert/strict';
import {
  LIMITS,
  MESSAGES,
  addTagsSchema,
  createAccountSchema,
  deleteTagSchema,
  noInputSchema as publishScheduledSchema,
  renameTagSchema,
  saveAnnouncementSchema,
  saveArticleSchema,
  tagUsageSchema,
} from '@campus-safety/model';
import { sendNotifTopicSchema, sendNotificationSchema } from '../../src/schemas/http';
import { InputError, parseInput } from '../../src/schemas/parse';
import type { z } from 'zod';

function refusal(schema: z.ZodType, input: unknown): InputError {
  try {
    parseInput(schema, input);
  } catch (error) {
    assert.ok(error instanceof InputError, `expected InputError, got ${String(error)}`);
    return error;
  }
  assert.fail(`input was accepted: ${JSON.stringify(input)}`);
}

const account = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: ' Ada@Campus.EDU ',
  role: 'IMT',
  campus: 'main',
};

describe('createAccount schema', () => {
  it('accepts a complete request, trimming names and lower-casing the email', () => {
    const parsed = parseInput(createAccountSchema, {
      ...account,
      contactNumber: '+63 912 345 6789',
      birthday: '2001-04-30',
    });
    assert.equal(parsed.firstName, 'Ada');
    assert.equal(parsed.email, 'ada@campus.edu');
  });
  it('names the missing field', () => {
    const { firstName: _f, ...rest } = account;
    assert.equal(refusal(createAccountSchema, rest).message, 'First name is required.');
  });
  it('refuses wrong types', () => {
    assert.equal(
      refusal(createAccountSchema, { ...account, lastName: 7 }).message,
      'Last name must be text.',
    );
    assert.match(
      refusal(createAccountSchema, { ...account, role: 'Root' }).message,
      /^Role must be one of Admin, IMT: reporters create their own accounts in the app\.$/,
    );
    assert.match(
      refusal(createAccountSchema, { ...account, role: 'User' }).message,
      /^Role must be one of Admin, IMT: reporters create their own accounts in the app\.$/,
    );
    assert.match(
      refusal(createAccountSchema, { ...account, campus: 'Moon Campus' }).message,
      /^Choose a campus from the list/,
    );
    assert.match(refusal(createAccountSchema, 'not an object').message, /expected object/);
  });
  it('refuses oversized strings and bad formats', () => {
    assert.equal(
      refusal(createAccountSchema, { ...account, firstName: 'x'.repeat(LIMITS.name + 1) }).message,
      `First name must be at most ${LIMITS.name} characters.`,
    );
    assert.match(
      refusal(createAccountSchema, { ...account, email: 'not-an-email' }).message,
      /valid email/,
    );
    assert.match(
      refusal(createAccountSchema, { ...account, birthday: '2001-02-30' }).message,
      /Birthday/,
    );
    assert.match(
      refusal(createAccountSchema, { ...account, contactNumber: 'call me' }).message,
      /Contact number/,
    );
  });
  it('requires a campus for IMT but not for Admin', () => {
    assert.equal(
      refusal(createAccountSchema, { ...account, campus: null }).message,
      'IMT members need a campus.',
    );
    assert.equal(
      parseInput(createAccountSchema, { ...account, role: 'Admin', campus: null }).campus,
      null,
    );
  });
  it('refuses unknown fields such as a password chosen by the client', () => {
    assert.match(refusal(createAccountSchema, { ...account, password: 'x' }).message, /password/);
  });
  it('collects every problem for the form', () => {
    assert.ok(refusal(createAccountSchema, {}).issues.length >= 4);
  });
});

describe('saveArticle / saveAnnouncement schemas', () => {
  it('turns a valid scheduledDate into a Date and leaves it out when absent', () => {
    const parsed = parseInput(saveArticleSchema, {
      title: 'T',
      description: 'D',
      scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    assert.ok(parsed.scheduledDate instanceof Date);
    assert.equal(
      parseInput(saveArticleSchema, { title: 'T', description: 'D' }).scheduledDate,
      undefined,
    );
    assert.equal(
      parseInput(saveArticleSchema, { title: 'T', description: 'D', scheduledDate: null })
        .scheduledDate,
      null,
    );
  });
  it("answers 'Invalid scheduledDate format.' for a date that does not parse or is not text", () => {
    for (const scheduledDate of [
      'next friday',
      '2026-02-30T10:00:00Z',
      1234567890,
      'x'.repeat(100),
    ]) {
      assert.equal(
        refusal(saveArticleSchema, { title: 'T', description: 'D', scheduledDate }).message,
        MESSAGES.invalidScheduledDate,
      );
      assert.equal(
        refusal(saveAnnouncementSchema, { title: 'T', body: 'B', tags: [], scheduledDate }).message,
        MESSAGES.invalidScheduledDate,
      );
    }
  });
  it('refuses a scheduledDate more than a minute past or more than a year ahead', () => {
    const year = 366 * 86_400_000;
    for (const [scheduledDate, message] of [
      ['0001-01-01T00:00:00Z', 'Choose a time in the future, or publish now.'],
      [
        new Date(Date.now() - 5 * 60_000).toISOString(),
        'Choose a time in the future, or publish now.',
      ],
      [
        new Date(Date.now() + year + 60_000).toISOString(),
        'Choose a time at most a year from now.',
      ],
      ['9999-12-31', 'Choose a time at most a year from now.'],
    ] as const) {
      assert.equal(
        refusal(saveArticleSchema, { title: 'T', description: 'D', scheduledDate }).message,
        `Scheduled date: ${message}`,
      );
    }
    const justNow = new Date(Date.now() - 30_000).toISOString();
    assert.ok(
      parseInput(saveArticleSchema, { title: 'T', description: 'D', scheduledDate: justNow }),
    );
  });
  it('refuses NUL, bidi overrides and zero-width characters in names and titles', () => {
    for (const [bad, code] of [
      ['Fire\u0000drill', 'U+0000'],
      ['Safe \u202Etxt.exe', 'U+202E'],
      ['Adm\u200Bin notice', 'U+200B'],
      ['Isolate \u2066x\u2069', 'U+2066'],
    ] as const) {
      assert.equal(
        refusal(saveArticleSchema, { title: bad, description: 'D' }).message,
        `Title cannot contain invisible or control characters (found ${code}).`,
      );
      assert.equal(
        refusal(createAccountSchema, { ...account, firstName: bad }).message,
        `First name cannot contain invisible or control characters (found ${code}).`,
      );
    }
    assert.equal(
      refusal(saveArticleSchema, { title: 'Two\nlines', description: 'D' }).message,
      'Title must be a single line.',
    );
    // Bodies keep their line breaks and tabs; emoji sequences keep their joiners.
    const parsed = parseInput(saveArticleSchema, {
      title: 'Fire team \u{1F469}\u200D\u{1F692}',
      description: 'Line one\n\tLine two',
    });
    assert.equal(parsed.description, 'Line one\n\tLine two');
    assert.match(
      refusal(saveArticleSchema, { title: 'T', description: 'a\u202Eb' }).message,
      /U\+202E/,
    );
  });
  it('refuses announcement tags that would become another id', () => {
    for (const tag of ['__proto__', '..', '/', 'a/b']) {
      assert.ok(refusal(saveAnnouncementSchema, { title: 'T', body: 'B', tags: [tag] }));
      assert.ok(refusal(tagUsageSchema, { names: [tag] }));
    }
  });
  it('refuses missing, empty and oversized text', () => {
    assert.equal(refusal(saveArticleSchema, { description: 'D' }).message, 'Title is required.');
    assert.equal(
      refusal(saveArticleSchema, { title: '   ', description: 'D' }).message,
      'Title is required.',
    );
    assert.equal(
      refusal(saveAnnouncementSchema, { title: 'T', body: 'b'.repeat(LIMITS.body + 1), tags: [] })
        .message,
      `Body must be at most ${LIMITS.body} characters.`,
    );
  });
  it('refuses ids that are not document ids and image URLs that are not URLs', () => {
    assert.match(
      refusal(saveArticleSchema, { id: 'a/b', title: 'T', description: 'D' }).message,
      /document id/,
    );
    assert.match(
      refusal(saveArticleSchema, { title: 'T', description: 'D', imageUrl: 'javascript:alert(1)' })
        .message,
      /Image URL/,
    );
  });
  it('cleans and de-duplicates announcement tags, and caps their number', () => {
    const parsed = parseInput(saveAnnouncementSchema, {
      title: 'T',
      body: 'B',
      tags: [' Fire ', 'Fire', 'Drill'],
    });
    assert.deepEqual(parsed.tags, ['Fire', 'Drill']);
    assert.match(
      refusal(saveAnnouncementSchema, {
        title: 'T',
        body: 'B',
        tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
      }).message,
      /at most 20 tags/,
    );
    assert.equal(
      refusal(saveAnnouncementSchema, { title: 'T', body: 'B', tags: [3] }).message,
      'Each tag must be text.',
    );
    assert.equal(
      refusal(saveAnnouncementSchema, { title: 'T', body: 'B' }).message,
      'Tags is required.',
    );
  });
});

describe('tag schemas', () => {
  it('addTags takes any values (skipping happens later) but caps the request size', () => {
    assert.deepEqual(parseInput(addTagsSchema, { names: [1, '', 'ok'] }).names, [1, '', 'ok']);
    assert.match(refusal(addTagsSchema, { names: Array(51).fill('a') }).message, /at most 50/);
    assert.equal(refusal(addTagsSchema, { names: 'Fire' }).message, 'Tag names must be a list.');
    assert.equal(refusal(addTagsSchema, { names: [] }).message, 'Give at least one tag name.');
  });
  it('renameTag and deleteTag need a tag id', () => {
    assert.equal(refusal(renameTagSchema, { name: 'x' }).message, 'Tag id is required.');
    assert.equal(refusal(deleteTagSchema, { id: 5 }).message, 'Tag id must be a document id.');
    assert.match(
      refusal(renameTagSchema, { id: 'fire', name: 'x'.repeat(1001) }).message,
      /too long/,
    );
  });
  it('accepts every valid Firestore id, including the tag ids the model makes with spaces', () => {
    assert.equal(
      parseInput(renameTagSchema, { id: 'cctv review', name: 'CCTV' }).id,
      'cctv review',
    );
    assert.equal(parseInput(deleteTagSchema, { id: 'cctv review' }).id, 'cctv review');
    for (const id of ['fire', 'señal #1', 'a.b', '_x_', '__x', 'x'.repeat(1500)])
      assert.equal(parseInput(deleteTagSchema, { id }).id, id);
  });
  it('refuses ids Firestore does not allow, saying why', () => {
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['a/b', /contains '\/'/],
      ['.', /'\.' or '\.\.'/],
      ['..', /'\.' or '\.\.'/],
      ['__stats__', /reserved/],
      ['x'.repeat(1501), /over 1500 bytes/],
      ['é'.repeat(751), /over 1500 bytes/],
    ];
    for (const [id, why] of cases) {
      const message = refusal(deleteTagSchema, { id }).message;
      assert.match(message, /^Tag id is not a valid document id \(it /);
      assert.match(message, why, id);
    }
  });
  it('tagUsage takes 1 to 30 names', () => {
    assert.deepEqual(parseInput(tagUsageSchema, { names: [' Fire '] }).names, ['Fire']);
    assert.match(refusal(tagUsageSchema, { names: Array(31).fill('a') }).message, /at most 30/);
  });
  it('publishScheduledNow takes nothing', () => {
    assert.equal(parseInput(publishScheduledSchema, null), null);
    assert.deepEqual(parseInput(publishScheduledSchema, {}), {});
    refusal(publishScheduledSchema, { force: true });
  });
});

describe('HTTP endpoint schemas', () => {
  const push = { title: 'T', body: 'B', tokens: ['tok'], type: 'report', type_id: 'inc1' };
  it('send-notification accepts the spec payload, including an empty token list', () => {
    assert.deepEqual(parseInput(sendNotificationSchema, push), push);
    assert.deepEqual(parseInput(sendNotificationSchema, { ...push, tokens: [] }).tokens, []);
  });
  it('send-notification refuses wrong types, unknown types and too many tokens', () => {
    assert.equal(
      refusal(sendNotificationSchema, { ...push, tokens: 'tok' }).message,
      'tokens must be a list.',
    );
    assert.match(
      refusal(sendNotificationSchema, { ...push, type: 'spam' }).message,
      /^type must be one of/,
    );
    assert.match(
      refusal(sendNotificationSchema, { ...push, tokens: Array(501).fill('t') }).message,
      /at most 500/,
    );
    assert.equal(
      refusal(sendNotificationSchema, { ...push, title: undefined }).message,
      'title is required.',
    );
  });
  it("send-notif-topic allows only the topic 'all' and the types guide and announcement", () => {
    const topic = { title: 'T', body: 'B', topic: 'all', type: 'guide', type_id: 'a1' };
    assert.deepEqual(parseInput(sendNotifTopicSchema, topic), topic);
    assert.equal(
      refusal(sendNotifTopicSchema, { ...topic, topic: 'staff' }).message,
      "topic must be 'all'.",
    );
    assert.match(refusal(sendNotifTopicSchema, { ...topic, type: 'report' }).message, /guide/);
  });
});
