import assert from 'node:assert/strict';
import { detectType, fileKind, fileProblem } from '../../src/domain/file-content';
import { STATUS_COLORS, INCIDENT_STATUSES, LIMITS } from '@campus-safety/model';
import { classifyStatusChange } from '../../src/domain/status-change';
import { sortTagInput } from '../../src/domain/tag-input';
import { notificationContent } from '../../src/domain/notification-content';
import { PUSH_BODY_MAX, publicationPush, shorten } from '../../src/domain/publication-push';
import { eventDocId } from '../../src/domain/event-ids';
import { assignedMail, reassignedAwayMail } from '../../src/domain/paging-mail';

describe('classifyStatusChange', () => {
  it('ignores updates that keep the status', () => {
    assert.deepEqual(classifyStatusChange('Processing', 'Processing'), { kind: 'none' });
  });
  it('records waiting time on assignment and response time on respond', () => {
    assert.deepEqual(classifyStatusChange('Reported', 'Processing'), {
      kind: 'move',
      from: 'Reported',
      to: 'Processing',
      timing: 'waitingTimeInMinutes',
    });
    assert.deepEqual(classifyStatusChange('Processing', 'Responded'), {
      kind: 'move',
      from: 'Processing',
      to: 'Responded',
      timing: 'responseTimeInMinutes',
    });
  });
  it('allows Resolved after Responded and Declined from every open status, without timing', () => {
    for (const [from, to] of [
      ['Responded', 'Resolved'],
      ['Reported', 'Declined'],
      ['Processing', 'Declined'],
      ['Responded', 'Declined'],
    ] as const) {
      assert.deepEqual(classifyStatusChange(from, to), { kind: 'move', from, to, timing: null });
    }
  });
  it('treats a missing status as Reported', () => {
    assert.equal(classifyStatusChange(undefined, 'Processing').kind, 'move');
  });
  it('flags moves the status machine forbids and unknown values', () => {
    assert.equal(classifyStatusChange('Resolved', 'Processing').kind, 'illegal');
    assert.equal(classifyStatusChange('Reported', 'Resolved').kind, 'illegal');
    assert.equal(classifyStatusChange('Declined', 'Reported').kind, 'illegal');
    assert.deepEqual(classifyStatusChange('Reported', 'Done'), {
      kind: 'illegal',
      from: 'Reported',
      to: 'Done',
    });
  });
});

describe('sortTagInput', () => {
  it('skips non-strings and empty names, keeping the reason', () => {
    const { candidates, skipped } = sortTagInput([42, null, '   ', '', 'Fire']);
    assert.deepEqual(candidates, [{ id: 'fire', name: 'Fire' }]);
    assert.deepEqual(skipped, [
      { name: 42, reason: 'not-a-string' },
      { name: null, reason: 'not-a-string' },
      { name: '   ', reason: 'empty' },
      { name: '', reason: 'empty' },
    ]);
  });
  it('cleans whitespace and treats case/space variants in one request as duplicates', () => {
    const { candidates, skipped } = sortTagInput(['  Fire   Drill ', 'fire drill', 'FIRE DRILL']);
    assert.deepEqual(candidates, [{ id: 'fire drill', name: 'Fire Drill' }]);
    assert.equal(skipped.filter((s) => s.reason === 'duplicate').length, 2);
  });
  it('skips names over the length limit', () => {
    const { candidates, skipped } = sortTagInput(['x'.repeat(41), 'y'.repeat(40)]);
    assert.equal(candidates.length, 1);
    assert.deepEqual(skipped, [{ name: `${'x'.repeat(40)}…`, reason: 'too-long' }]);
  });
  it('refuses names that would become another id or hide characters, echoing them bounded', () => {
    const { candidates, skipped, refused } = sortTagInput([
      '__proto__',
      '..',
      '/',
      'a/b',
      'Fire\u202Eerif',
      'Zero\u200Bwidth',
      'v1.2',
    ]);
    assert.deepEqual(candidates, [{ id: 'v1-2', name: 'v1.2' }]);
    assert.deepEqual(skipped, []);
    assert.deepEqual(
      refused.map((r) => r.problem),
      [
        "Tag names cannot start or end with '_'.",
        'Tag names need at least one letter or digit.',
        "Tag names cannot contain '/'.",
        "Tag names cannot contain '/'.",
        'Tag names cannot contain invisible or control characters (found U+202E).',
        'Tag names cannot contain invisible or control characters (found U+200B).',
      ],
    );
  });
  it('never echoes more than a tag name of input back', () => {
    const huge = 'x'.repeat(1024 * 1024);
    const { skipped } = sortTagInput([huge, { nested: huge }, [huge]]);
    assert.deepEqual(skipped, [
      { name: `${'x'.repeat(40)}…`, reason: 'too-long' },
      { name: null, reason: 'not-a-string' },
      { name: null, reason: 'not-a-string' },
    ]);
  });
});

describe('notificationContent', () => {
  const facts = {
    incidentType: 'Fire',
    reportedAt: new Date('2026-11-22T14:05:09Z'),
    assigneeName: 'Ana Cruz',
    declineReason: 'Duplicate report',
  };
  it('uses the spec colour for every status', () => {
    const expected = {
      Reported: 'yellow',
      Processing: 'orange',
      Responded: 'green',
      Resolved: 'blue',
      Declined: 'red',
    };
    for (const status of INCIDENT_STATUSES) {
      assert.equal(notificationContent(status, facts, 'UTC').color, expected[status]);
      assert.equal(STATUS_COLORS[status], expected[status]);
    }
  });
  it('titles a new report "Incident Reported" and names the report by type and date', () => {
    const n = notificationContent('Reported', facts, 'UTC');
    assert.equal(n.title, 'Incident Reported');
    assert.match(n.message, /Fire report of Nov 22 2026 02:05:09 PM/);
  });
  it('gives each status its own title, icon and message', () => {
    const all = INCIDENT_STATUSES.map((s) => notificationContent(s, facts, 'UTC'));
    assert.equal(new Set(all.map((n) => n.title)).size, all.length);
    assert.equal(new Set(all.map((n) => n.icon)).size, all.length);
    assert.equal(new Set(all.map((n) => n.message)).size, all.length);
  });
  it('names the assignee on Processing and the reason on Declined', () => {
    assert.match(
      notificationContent('Processing', facts, 'UTC').message,
      /^Ana Cruz is now handling/,
    );
    assert.match(
      notificationContent('Declined', facts, 'UTC').message,
      /declined: Duplicate report\.$/,
    );
    assert.match(
      notificationContent('Processing', { ...facts, assigneeName: null }, 'UTC').message,
      /^The safety team is now handling/,
    );
  });
});

describe('publicationPush', () => {
  it('sends articles as guide and announcements as announcement', () => {
    assert.deepEqual(publicationPush('article', 'a1', 'Fire safety', 'Know your exits.'), {
      title: 'Fire safety',
      body: 'Know your exits.',
      type: 'guide',
      type_id: 'a1',
    });
    assert.equal(publicationPush('announcement', 'n1', 't', 'b').type, 'announcement');
  });
  it('shortens long bodies at a word boundary', () => {
    const body = publicationPush('article', 'a', 't', 'word '.repeat(100)).body;
    assert.ok(body.length <= PUSH_BODY_MAX);
    assert.match(body, /word…$/);
    assert.equal(shorten('  short\n text ', 50), 'short text');
  });
});

describe('eventDocId', () => {
  it('keeps safe event ids and scopes them', () => {
    assert.equal(eventDocId('abc-123_X'), 'abc-123_X');
    assert.equal(eventDocId('abc', 'report'), 'report-abc');
  });
  it('hashes ids that are not safe document ids, deterministically', () => {
    const id = eventDocId('projects/p/events/1');
    assert.match(id, /^[0-9a-f]{64}$/);
    assert.equal(eventDocId('projects/p/events/1'), id);
    assert.notEqual(eventDocId('projects/p/events/2'), id);
  });
});

describe('file content checks', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  const text = (value: string) => new TextEncoder().encode(value);
  it('tells images and ZIP archives by their first bytes, not their names', () => {
    assert.equal(detectType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)), 'png');
    assert.equal(detectType(bytes(0xff, 0xd8, 0xff, 0xe0)), 'jpeg');
    assert.equal(detectType(text('RIFF\u0000\u0000\u0000\u0000WEBP')), 'webp');
    assert.equal(detectType(text('GIF89a')), 'gif');
    assert.equal(detectType(bytes(0x50, 0x4b, 0x03, 0x04)), 'zip');
    assert.equal(detectType(text('hello.png')), null);
    assert.equal(detectType(text('RIFF\u0000\u0000\u0000\u0000WAVE')), null);
    assert.equal(detectType(bytes()), null);
  });
  it('holds images and builds to their kind and sizes', () => {
    assert.equal(fileProblem('image', 'gif', 10), null);
    assert.match(fileProblem('image', 'zip', 10)!, /not a PNG, JPEG, WebP or GIF/);
    assert.match(fileProblem('image', 'png', LIMITS.imageBytes + 1)!, /larger than 5 MB/);
    assert.equal(fileProblem('release', 'zip', LIMITS.releaseMinBytes), null);
    assert.match(fileProblem('release', 'png', 50_000)!, /not an app package/);
    assert.match(fileProblem('release', 'zip', 20)!, /too small .*20 bytes/);
    assert.equal(fileKind('articles/a/b.png'), 'image');
    assert.equal(fileKind('profiles/u/me.jpg'), 'image');
    assert.equal(fileKind('releases/r/app.apk'), 'release');
    assert.equal(fileKind('quarantine/articles/a/b.png'), null);
  });
});

describe('paging mail', () => {
  const facts = {
    incidentId: 'inc 1',
    label: 'Fire at North Campus (High)',
    reportedAt: new Date('2026-11-22T06:05:09Z'),
    assignedBy: 'Ada Admin',
    reason: null,
    consoleUrl: 'https://console.example/',
    timeZone: 'Asia/Manila',
  };
  it('says what, where, how urgent, who assigned it, and links the one-click acknowledgement', () => {
    const mail = assignedMail(facts);
    assert.equal(mail.subject, 'Assigned to you: Fire at North Campus (High)');
    assert.match(mail.text, /^Assigned to you: Fire at North Campus \(High\)\.$/m);
    assert.match(mail.text, /^Reported: Nov 22 2026 02:05:09 PM$/m);
    assert.match(mail.text, /^Assigned by: Ada Admin$/m);
    assert.match(mail.text, /^https:\/\/console\.example\/reports\?id=inc%201&acknowledge=1$/m);
    assert.doesNotMatch(mail.text, /Reason/);
  });
  it('carries the reason of a reassignment, to the new assignee and to the previous one', () => {
    assert.match(
      assignedMail({ ...facts, reason: 'Off shift' }).text,
      /^Reason for the reassignment: Off shift$/m,
    );
    const away = reassignedAwayMail({ ...facts, newAssignee: 'Nico Cruz', reason: 'Off shift' });
    assert.equal(away.subject, 'Reassigned: Fire at North Campus (High)');
    assert.match(away.text, /is now with Nico Cruz\./);
    assert.match(away.text, /^Reason: Off shift$/m);
  });
});
