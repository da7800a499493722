import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DIALOGS, assertAccessible } from '../support/axe.mjs';
import { accounts, db, openPage } from '../support/suite.mjs';
import { waitUntil } from '@campus-safety/testkit/wait';

/** The deployment's programme time zone (the console's default; the stack sets no other). */
const { programmeTimeZone: PROGRAMME_TIME_ZONE } = JSON.parse(
  readFileSync(new URL('../../model/src/deployment.json', import.meta.url), 'utf8'),
);

/** How far ahead the article is scheduled: enough to save it, short enough to wait for. */
const AHEAD_MS = 15_000;

describe('Scheduled article', () => {
  it('is scheduled from the Articles screen and published by "Publish due items now"', async () => {
    const page = await openPage('/articles', accounts().admin);
    await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
    const title = `E2E evacuation map update ${Date.now()}`;

    await page.getByRole('button', { name: 'New article' }).click();
    const dialog = page.getByRole('dialog', { name: 'New article' });
    await dialog.getByLabel('Title').fill(title);
    await dialog
      .getByLabel('Description')
      .fill('The new evacuation maps are posted in every hall.');
    await dialog.getByRole('radio', { name: 'Schedule' }).check();
    await assertAccessible(page, 'dialog-new-article', DIALOGS);
    // Wall time in the programme time zone (the console reads datetime-local values in it),
    // with seconds; the input normalises ':00' seconds away, so they are written only when set.
    const due = new Date(Math.floor((Date.now() + AHEAD_MS) / 1000) * 1000);
    const part = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: PROGRAMME_TIME_ZONE,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(due)
        .map((p) => [p.type, p.value]),
    );
    const value =
      `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}` +
      (part.second !== '00' ? `:${part.second}` : '');
    const dueAt = due.getTime();
    await dialog.getByLabel('Publish on').fill(value);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Article scheduled' }).waitFor();

    const row = page
      .getByRole('table', { name: 'Articles' })
      .getByRole('row')
      .filter({ hasText: title });
    await row.getByText(/^Scheduled for /).waitFor();
    const [stored] = (await db().collection('articles').where('title', '==', title).get()).docs;
    assert.ok(stored, 'the callable stored the article');
    assert.equal(stored.get('isScheduled'), true);
    assert.equal(stored.get('timestamp').toMillis(), dueAt);

    // Publishing before the date would be wrong, so wait for the date itself.
    await waitUntil(async () => Date.now() > dueAt + 500, {
      timeoutMs: AHEAD_MS + 5000,
      what: 'the due time',
    });
    await page.getByRole('button', { name: 'Publish due items now' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Due items published' });
    await done.waitFor();
    assert.match(await done.textContent(), /[1-9]\d* article\(s\)/);
    await row.getByText(/^Published /).waitFor();

    const published = await db().collection('articles').doc(stored.id).get();
    assert.equal(published.get('isScheduled'), false);
    const pushes = await db()
      .collection('push_messages')
      .where('payload.type_id', '==', stored.id)
      .get();
    assert.equal(pushes.size, 1, 'one topic push for the published article');
    assert.equal(pushes.docs[0].get('topic'), 'all');
    assert.equal(pushes.docs[0].get('payload.type'), 'guide');
  });
});
