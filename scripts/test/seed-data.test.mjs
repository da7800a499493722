import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  INCIDENT_STATUSES,
  campusAt,
  keywordsUpToDate,
  THREAT_LEVELS,
  staffDirectoryEntry,
} from '@campus-safety/model';
import { REPORTERS, STAFF } from '../seed/accounts.mjs';
import { seededRandom } from '../seed/campuses.mjs';
import { buildAnnouncements, buildArticles } from '../seed/content.mjs';
import { buildIncidents } from '../seed/incidents.mjs';
import { buildConversations } from '../seed/conversations.mjs';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';

const now = new Date('2026-11-22T12:00:00Z');
const incidents = buildIncidents(now, seededRandom(7));
const DAY = 86_400_000;

test('incidents cover every status and campus, in the last 30 days, inside their campus grounds', () => {
  assert.deepEqual(new Set(incidents.map((i) => i.data.status)), new Set(INCIDENT_STATUSES));
  assert.deepEqual(
    new Set(incidents.map((i) => i.data.nearestCampus)),
    new Set(DEMO_CAMPUSES.map((c) => c.id)),
  );
  for (const { data } of incidents) {
    const age = now - data.timestamp;
    assert.ok(age > 0 && age <= 30 * DAY, `age ${age}`);
    assert.equal(
      campusAt(data.geoLoc, DEMO_CAMPUSES),
      data.nearestCampus,
      'inside its campus grounds',
    );
  }
  assert.ok(
    incidents.some((i) => i.data.isArchived),
    'something for the archive screens',
  );
});

test('incidents carry the search words the keywords trigger would write', () => {
  for (const { id, data } of incidents) assert.ok(keywordsUpToDate(data.keywords, data), id);
  assert.ok(
    incidents.every(({ data }) => data.anonymous === true || data.keywords.includes(data.email)),
  );
});

test('an anonymous report names its reporter nowhere but in its link (docs/anonymity.md)', () => {
  const anonymous = incidents.filter(({ data }) => data.anonymous === true);
  assert.ok(anonymous.length >= 3, 'a few anonymous reports to look at');
  for (const { id, data, timeline, anonymousReporter } of anonymous) {
    const reporter = REPORTERS.find((r) => r.uid === anonymousReporter);
    assert.ok(reporter, id);
    const staffRead = JSON.stringify({ data, timeline });
    for (const secret of [reporter.uid, reporter.email, reporter.lastName])
      assert.ok(!staffRead.includes(secret), `${id} names its reporter (${secret})`);
  }
  assert.ok(
    incidents.every((i) => (i.data.anonymous === true) === (i.anonymousReporter !== undefined)),
  );
});

test('each status carries the fields the workflow would have written by then', () => {
  for (const { data, timeline, anonymousReporter } of incidents) {
    const reporter = REPORTERS.find((r) => r.uid === (data.reporterId ?? anonymousReporter));
    assert.equal(data.email, data.anonymous ? undefined : reporter.email);
    if (data.status === 'Reported') assert.equal(data.assignedTo, undefined);
    if (['Processing', 'Responded', 'Resolved'].includes(data.status)) {
      assert.ok(STAFF.some((s) => s.uid === data.assignedTo.id && !s.isArchived));
      assert.ok(THREAT_LEVELS.includes(data.threatLevel));
      // Whole minutes rounded down, as the status trigger writes them (model minutesBetween).
      const assigned = timeline.find((h) => h.status === 'Processing').at;
      assert.equal(data.waitingTimeInMinutes, Math.floor((assigned - data.timestamp) / 60_000));
    }
    if (['Responded', 'Resolved'].includes(data.status)) {
      const responded = timeline.find((h) => h.status === 'Responded').at;
      assert.equal(data.responseTimeInMinutes, Math.floor((responded - data.timestamp) / 60_000));
    }
    if (data.status === 'Declined') {
      assert.ok(data.declineReason && data.declineDescription);
    }
    const times = timeline.map((h) => h.at.getTime());
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
      'timeline in time order',
    );
  }
});

test('every timeline starts with one "reported" entry by the reporter, and names each actor', () => {
  for (const { id, data, timeline, notes } of incidents) {
    assert.equal(timeline[0].id, 'reported', id);
    assert.equal(timeline[0].actor.uid, data.reporterId ?? null);
    assert.equal(timeline.filter((e) => e.kind === 'reported').length, 1, id);
    assert.equal(new Set(timeline.map((e) => e.id)).size, timeline.length, 'ids unique');
    for (const e of timeline.slice(1)) {
      if (e.kind === 'escalated') assert.equal(e.actor, null);
      else
        assert.ok(
          STAFF.some((s) => s.uid === e.actor.uid && !s.isArchived),
          `${id} ${e.kind}`,
        );
    }
    const moves = timeline.filter((e) => e.status);
    assert.equal(moves.at(-1).status, data.status, `${id}: the last move is its status`);
    for (const n of notes)
      assert.ok(
        STAFF.some((s) => s.uid === n.authorId),
        'notes by staff',
      );
    const filed = timeline.find((e) => e.kind === 'accomplishment');
    if (filed) assert.equal(filed.id, `accomplishment-${id}-accomplishment`, 'the trigger’s id');
  }
  const unassigned = incidents.filter((i) => i.data.status === 'Reported');
  assert.ok(
    unassigned.some((i) => i.escalation),
    'overdue unassigned reports are escalated',
  );
  for (const { data, escalation, timeline } of unassigned.filter((i) => i.escalation)) {
    assert.ok(data.escalatedAt > data.timestamp);
    assert.equal(timeline.at(-1).kind, 'escalated');
    assert.ok(escalation.recipients.includes('demo-admin'));
  }
});

test('IMT assignees work on their own campus', () => {
  for (const { data } of incidents.filter((i) => i.data.assignedTo)) {
    const staff = STAFF.find((s) => s.uid === data.assignedTo.id);
    if (staff.role === 'IMT') assert.equal(staff.campus, data.nearestCampus);
  }
});

test('resolved incidents have an accomplishment report whose copy snapshots the incident', () => {
  const resolved = incidents.filter((i) => i.data.status === 'Resolved');
  assert.ok(resolved.length > 0);
  for (const { id, data, accomplishment } of resolved) {
    assert.ok(accomplishment, id);
    const { report } = accomplishment.copy;
    assert.equal(report.id, id);
    assert.equal(report.campus, data.nearestCampus);
    assert.equal(report.assignee, data.assignedTo.displayName);
    assert.equal(report.threatLevel, data.threatLevel);
    assert.match(report.date, /^[A-Z][a-z]{2} \d{2} \d{4}$/);
    assert.match(report.time, /^\d{2}:\d{2}:\d{2} (AM|PM)$/);
    assert.equal(accomplishment.copy.isArchived, accomplishment.data.isArchived);
    assert.equal(accomplishment.data.isArchived, data.isArchived, 'archived with its incident');
  }
  assert.ok(incidents.filter((i) => i.data.status !== 'Resolved').every((i) => !i.accomplishment));
});

test('one article and one announcement are scheduled in the near future', () => {
  for (const items of [buildArticles(now), buildAnnouncements(now)]) {
    const scheduled = items.filter((i) => i.isScheduled);
    assert.equal(scheduled.length, 1);
    const ahead = scheduled[0].timestamp - now;
    assert.ok(ahead > 0 && ahead <= 60 * 60_000);
    assert.ok(items.some((i) => !i.isScheduled && !i.isArchived));
  }
});

test('the seed is the same on every run', () => {
  const again = buildIncidents(now, seededRandom(7));
  assert.deepEqual(again, incidents);
});

test('the demo release build is a ZIP archive the server file check accepts', async () => {
  const { demoReleaseBuild } = await import('../seed/release-build.mjs');
  const { LIMITS } = await import('@campus-safety/model');
  const { detectType, fileProblem } = await import('../../functions/src/domain/file-content.ts');
  const build = demoReleaseBuild('1.4.0');
  assert.ok(build.length >= LIMITS.releaseMinBytes, `${build.length} bytes`);
  assert.equal(detectType(build), 'zip');
  assert.equal(fileProblem('release', detectType(build), build.length), null);
  // The end-of-central-directory record closes the archive and counts its two entries.
  assert.equal(build.readUInt32LE(build.length - 22), 0x06054b50);
  assert.equal(build.readUInt16LE(build.length - 12), 2);
});

test('every seeded assignee is named as its staff_directory entry names it (the rules demand it)', () => {
  for (const { data } of incidents) {
    if (!data.assignedTo) continue;
    const person = STAFF.find((s) => s.uid === data.assignedTo.id);
    const entry = staffDirectoryEntry({ ...person, isArchived: Boolean(person.isArchived) });
    assert.ok(entry, `${person.uid} has a directory entry`);
    assert.equal(data.assignedTo.displayName, entry.displayName);
    assert.equal(data.assignedTo.email, entry.email);
  }
});

test('Clery records: valid classifications, some closed incidents left to classify, three prior years', async () => {
  const { buildCleryRecords } = await import('../seed/clery.mjs');
  const { geographyProblem, offencesProblem, priorCalendarYears, classifyIncidentSchema } =
    await import('@campus-safety/model');
  const clery = buildCleryRecords(now, incidents, seededRandom(7));
  const closed = incidents.filter((i) => ['Resolved', 'Declined'].includes(i.data.status));
  const classified = new Set(clery.records.map((r) => r.id));
  assert.ok(
    closed.some((i) => !classified.has(i.id)),
    'some closed incidents await a classification',
  );
  assert.ok(
    clery.records.some((r) => r.data.withheld),
    'one entry is withheld',
  );
  const years = new Set(clery.incidents.map((i) => i.data.timestamp.getUTCFullYear()));
  assert.deepEqual([...years].sort(), priorCalendarYears(now, 'Asia/Manila'));
  for (const { id, data } of clery.records) {
    assert.equal(
      geographyProblem(
        DEMO_CAMPUSES.find((c) => c.id === data.campus),
        data.geography,
        data.noncampusProperty,
      ),
      null,
      id,
    );
    assert.equal(offencesProblem(data.offences), null, id);
    const { incidentId, isCrime, offences, arrests, referrals, geography, noncampusProperty } =
      data;
    const input = {
      incidentId,
      isCrime,
      offences,
      arrests,
      referrals,
      geography,
      noncampusProperty,
    };
    const parsed = classifyIncidentSchema.safeParse({
      ...input,
      occurredAt: null,
      generalLocation: data.generalLocation,
      nature: data.nature,
      disposition: data.disposition,
    });
    assert.ok(parsed.success, `${id}: ${parsed.error?.message}`);
  }
});

test('demo conversations: a staff question and the answer, the anonymous reporter without a uid', () => {
  const conversations = buildConversations(incidents);
  assert.equal(conversations.length, 2);
  for (const { incidentId, messages } of conversations) {
    const { data } = incidents.find((i) => i.id === incidentId);
    const [question, answer] = messages.map((m) => m.data);
    assert.equal(question.authorRole, 'staff');
    assert.ok(STAFF.some((s) => s.uid === question.authorUid && s.campus !== undefined));
    assert.equal(answer.authorRole, 'reporter');
    assert.equal(answer.authorUid, data.anonymous ? undefined : data.reporterId);
    assert.ok(question.sentAt > data.timestamp && answer.sentAt > question.sentAt);
  }
  assert.ok(
    conversations.some(
      ({ incidentId }) => incidents.find((i) => i.id === incidentId).data.anonymous === true,
    ),
  );
});

test("the README's count of seeded incidents is the seed's", async () => {
  const { readFileSync } = await import('node:fs');
  const { buildCleryRecords } = await import('../seed/clery.mjs');
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(
    /\s+/g,
    ' ',
  );
  const [, total, recent, historic] =
    /The seed also holds (\d+) incidents: (\d+) in every status .*? and (\d+) archived cases/.exec(
      readme,
    ) ?? [];
  const clery = buildCleryRecords(now, incidents, seededRandom(7));
  assert.deepEqual(
    [Number(total), Number(recent), Number(historic)],
    [incidents.length + clery.incidents.length, incidents.length, clery.incidents.length],
  );
});
