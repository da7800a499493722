import assert from 'node:assert/strict';
import {
  COLLECTIONS,
  tagId,
  type AddTagsResponse,
  type TagUsageResponse,
} from '@campus-safety/model';
import { account, callError, closeAll, db, docData, unique, type SignedIn } from './stack';

describe('tag callables', () => {
  let admin: SignedIn;
  before(async () => {
    admin = await account({ role: 'Admin' });
  });
  after(closeAll);

  it('adds new names, skipping empty, non-string, repeated and existing ones', async () => {
    const name = unique('Fire Drill');
    const first = await admin.call<AddTagsResponse>('addTags', {
      names: [name, '  ', 7, null, name.toLowerCase()],
    });
    assert.deepEqual(first.added, [name]);
    assert.deepEqual(
      first.skipped.map((s) => s.reason),
      ['empty', 'not-a-string', 'not-a-string', 'duplicate'],
    );
    const again = await admin.call<AddTagsResponse>('addTags', {
      names: [` ${name.toUpperCase()} `],
    });
    assert.deepEqual(again.added, []);
    assert.deepEqual(again.skipped, [{ name: name.toUpperCase(), reason: 'exists' }]);
    assert.deepEqual(await docData(`${COLLECTIONS.tags}/${tagId(name)}`), { name });
  });

  it('creates a name once when two staff add it at the same moment', async () => {
    const name = unique('Race');
    const imt = await account({ role: 'IMT' });
    const [a, b] = await Promise.all([
      admin.call<AddTagsResponse>('addTags', { names: [name] }),
      imt.call<AddTagsResponse>('addTags', { names: [name] }),
    ]);
    assert.equal(a.added.length + b.added.length, 1);
  });

  it('renames a tag and the incidents and announcements carrying it', async () => {
    const oldName = unique('Theft');
    const newName = unique('Stolen Property');
    await admin.call('addTags', { names: [oldName] });
    const inc = db.collection(COLLECTIONS.incidentReports).doc(unique('inc'));
    await inc.set({
      status: 'Reported',
      email: 'x@y.z',
      tags: [oldName, 'Other'],
      isArchived: false,
      incidentType: 'Theft',
    });
    const res = await admin.call<{ id: string; name: string }>('renameTag', {
      id: tagId(oldName),
      name: newName,
    });
    assert.deepEqual(res, { id: tagId(newName), name: newName });
    assert.equal(await docData(`${COLLECTIONS.tags}/${tagId(oldName)}`), undefined);
    assert.deepEqual((await docData(inc.path))!.tags, [newName, 'Other']);
  });

  it("refuses renaming onto an existing tag or a missing one with 'Failed to update tag.'", async () => {
    const a = unique('Alpha');
    const b = unique('Beta');
    await admin.call('addTags', { names: [a, b] });
    const clash = await callError(admin.call('renameTag', { id: tagId(a), name: b }));
    assert.equal(clash.code, 'functions/already-exists');
    assert.match(clash.message, /^Failed to update tag\. A tag named/);
    assert.deepEqual(await docData(`${COLLECTIONS.tags}/${tagId(a)}`), { name: a });
    const missing = await callError(
      admin.call('renameTag', { id: 'no-such-tag', name: 'Whatever' }),
    );
    assert.equal(missing.code, 'functions/not-found');
    assert.match(missing.message, /^Failed to update tag\./);
    const empty = await callError(admin.call('renameTag', { id: tagId(a), name: '   ' }));
    assert.equal(empty.code, 'functions/invalid-argument');
  });

  it("deletes a tag; a missing one gives 'Failed to delete tag.'", async () => {
    const name = unique('Temp');
    await admin.call('addTags', { names: [name] });
    await admin.call('deleteTag', { id: tagId(name) });
    assert.equal(await docData(`${COLLECTIONS.tags}/${tagId(name)}`), undefined);
    const err = await callError(admin.call('deleteTag', { id: tagId(name) }));
    assert.equal(err.code, 'functions/not-found');
    assert.match(err.message, /^Failed to delete tag\./);
  });

  it('renames and deletes a tag whose name has a space (id "cctv review-…")', async () => {
    const name = unique('CCTV Review');
    await admin.call('addTags', { names: [name] });
    const id = tagId(name);
    assert.match(id, / /);
    const renamed = await admin.call<{ id: string; name: string }>('renameTag', {
      id,
      name: `${name} Team`,
    });
    assert.deepEqual(renamed, { id: tagId(`${name} Team`), name: `${name} Team` });
    assert.equal(await docData(`${COLLECTIONS.tags}/${id}`), undefined);
    await admin.call('deleteTag', { id: renamed.id });
    assert.equal(await docData(`${COLLECTIONS.tags}/${renamed.id}`), undefined);
    const bad = await callError(admin.call('deleteTag', { id: 'a/b' }));
    assert.equal(bad.code, 'functions/invalid-argument');
  });

  it('counts incidents and announcements using any of the tags', async () => {
    const t1 = unique('Flood');
    const t2 = unique('Storm');
    const incidents = db.collection(COLLECTIONS.incidentReports);
    await incidents
      .doc(unique('inc'))
      .set({ status: 'Reported', email: 'a@b.c', tags: [t1], incidentType: 'Other' });
    await incidents
      .doc(unique('inc'))
      .set({ status: 'Reported', email: 'a@b.c', tags: [t1, t2], incidentType: 'Other' });
    await incidents
      .doc(unique('inc'))
      .set({ status: 'Reported', email: 'a@b.c', tags: ['Unrelated'], incidentType: 'Other' });
    await db
      .collection(COLLECTIONS.announcements)
      .doc(unique('ann'))
      .set({ title: 'A', body: 'B', tags: [t2], isScheduled: false });
    const usage = await admin.call<TagUsageResponse>('tagUsage', { names: [t1, t2] });
    assert.deepEqual(usage, { incidents: 2, announcements: 1 });
  });

  it('refuses app users and archived staff, and only Admins rename or delete', async () => {
    const user = await account({ role: 'User' });
    const imt = await account({ role: 'IMT' });
    assert.equal(
      (await callError(user.call('addTags', { names: ['X'] }))).code,
      'functions/permission-denied',
    );
    assert.equal(
      (await callError(imt.call('deleteTag', { id: 'x' }))).code,
      'functions/permission-denied',
    );
    assert.equal(
      (await callError(imt.call('renameTag', { id: 'x', name: 'y' }))).code,
      'functions/permission-denied',
    );
    assert.equal(
      (await callError(admin.call('addTags', { names: 'X' }))).code,
      'functions/invalid-argument',
    );
  });

  it('refuses names that would become other ids or hide characters, and adds nothing', async () => {
    const ids = async () => (await db.collection(COLLECTIONS.tags).get()).docs.map((d) => d.id);
    const before = await ids();
    const fine = unique('Fine');
    for (const bad of ['__proto__', '..', '/', 'Fire\u202Eerif', 'Nul\u0000tag']) {
      const err = await callError(admin.call('addTags', { names: [fine, bad] }));
      assert.equal(err.code, 'functions/invalid-argument');
      assert.match(err.message, /^Could not add the tags\. ".*": Tag names /);
    }
    assert.deepEqual(await ids(), before);
    assert.equal(await docData(`${COLLECTIONS.tags}/proto`), undefined);

    const existing = unique('Keep');
    await admin.call('addTags', { names: [existing] });
    const renamed = await callError(
      admin.call('renameTag', { id: tagId(existing), name: '__proto__' }),
    );
    assert.equal(renamed.code, 'functions/invalid-argument');
    assert.equal(renamed.message, "Failed to update tag. Tag names cannot start or end with '_'.");
    assert.deepEqual(await docData(`${COLLECTIONS.tags}/${tagId(existing)}`), { name: existing });
  });

  it('never echoes a huge name back: a 1 MB name is skipped with a 40-character preview', async () => {
    const huge = 'A'.repeat(1024 * 1024);
    const before = (await db.collection(COLLECTIONS.tags).count().get()).data().count;
    const res = await admin.call<AddTagsResponse>('addTags', { names: [huge, { deep: huge }] });
    assert.deepEqual(res, {
      added: [],
      skipped: [
        { name: `${'A'.repeat(40)}…`, reason: 'too-long' },
        { name: null, reason: 'not-a-string' },
      ],
    });
    assert.ok(JSON.stringify(res).length < 200);
    assert.equal((await db.collection(COLLECTIONS.tags).count().get()).data().count, before);
  });
});
