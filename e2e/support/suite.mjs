/**
 * What every test shares: one seeded stack for the whole run (started by the root hooks), one
 * Chromium, the admin Firestore handle, and signed-in sessions. Each test opens fresh browser
 * contexts through `openPage`; they are closed after the test (with a screenshot when it failed).
 */
import { waitUntil } from '@campus-safety/testkit/wait';
import { screenshot } from './artifacts.mjs';
import { launchChromium, newContext } from './chromium.mjs';
import { openAdmin } from './admin.mjs';
import { startSeededStack } from './stack.mjs';

const PROJECT = 'demo-campus-safety';
const shared = { stack: null, browser: null, admin: null };
/** Storage (with Auth's IndexedDB) of each account signed in once through the login screen. */
const sessions = new Map();
let openContexts = [];

export const stack = () => shared.stack;
export const db = () => shared.admin.db;
export const adminAuth = () => shared.admin.auth;
export const accounts = () => shared.stack.accounts;

export function staff(email) {
  const account = shared.stack.accounts.staff.find((a) => a.email === email);
  if (!account) throw new Error(`No seeded staff account ${email}`);
  return account;
}

/**
 * A verified account as createAccount (or a sign-up) and the user trigger leave one: the Auth
 * user, its claims and its users doc; `profile` adds the doc's names and any other fields.
 */
export async function createVerifiedAccount({
  uid,
  email,
  password,
  role,
  campus = null,
  profile,
}) {
  await shared.admin.auth.createUser({ uid, email, password, emailVerified: true });
  await shared.admin.auth.setCustomUserClaims(uid, { role, campus });
  const now = new Date();
  await shared.admin.db
    .collection('users')
    .doc(uid)
    .set({
      email,
      role,
      campus,
      isArchived: false,
      isUsingDefaultPassword: false,
      // Created verified: the doc mirrors it, as the seed writes its accounts (issue 17).
      emailVerified: true,
      registrationDate: now.toISOString(),
      registrationDateTimestamp: now,
      deviceToken: [],
      ...profile,
    });
}

/** lib/institution.ts's key for the profile a browser read last. */
const INSTITUTION_CACHE_KEY = 'campus-safety.institution';

/** The newest email-verification link the Auth emulator holds for `email`, once it is there. */
export async function verificationLink(email) {
  const url = `http://${shared.stack.endpoints.auth}/emulator/v1/projects/${PROJECT}/oobCodes`;
  return waitUntil(
    async () => {
      const { oobCodes } = await (await fetch(url)).json();
      return oobCodes.findLast((c) => c.email === email && c.requestType === 'VERIFY_EMAIL')
        ?.oobLink;
    },
    { what: `a verification email to ${email}` },
  );
}

/**
 * Fills the sign-in form and submits it (the caller decides what success looks like), once the
 * page has read the institution profile: in a fresh browser a profile outside the default zone
 * renders the screens again when it arrives (web/src/app/App.tsx), which would drop the typing.
 */
export async function submitSignIn(page, email, password) {
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, INSTITUTION_CACHE_KEY);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function sessionOf(account) {
  if (!sessions.has(account.email)) {
    const context = await newContext(shared.browser, { baseURL: shared.stack.consoleUrl });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await submitSignIn(page, account.email, account.password);
      // An account's first sign-in waits on the user trigger (claims, profile), which queues
      // behind other triggers on a loaded machine: 15 s was not always enough in CI.
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor({ timeout: 60_000 });
      sessions.set(account.email, await context.storageState({ indexedDB: true }));
    } finally {
      await context.close();
    }
  }
  return sessions.get(account.email);
}

/**
 * A page in a fresh browser context at `path`: signed out, or signed in as `account` (its first
 * sign-in goes through the login screen; later contexts reuse that session's storage).
 * `options` may set the context's `viewport` and `timezoneId`.
 */
export async function openPage(path, account = null, options = {}) {
  const storageState = account ? await sessionOf(account) : undefined;
  const context = await newContext(shared.browser, {
    baseURL: shared.stack.consoleUrl,
    storageState,
    viewport: options.viewport,
    timezoneId: options.timezoneId,
  });
  openContexts.push(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** A report's detail dialog, opened from its link as `account`, once it shows the report. */
export async function openReport(account, id) {
  const page = await openPage(`/reports?id=${id}`, account);
  const detail = page.getByRole('dialog', { name: 'Incident report' });
  await detail.getByText(`ID ${id}`).waitFor();
  return { page, detail };
}

export const mochaHooks = {
  async beforeAll() {
    this.timeout(300_000);
    const started = Date.now();
    shared.stack = await startSeededStack();
    console.log(`  seeded stack up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    shared.admin = openAdmin();
    shared.browser = await launchChromium();
  },
  async afterEach() {
    const failed = this.currentTest?.state === 'failed';
    const contexts = openContexts;
    openContexts = [];
    for (const [index, context] of contexts.entries()) {
      if (failed) {
        const name = `FAILED-${this.currentTest
          .fullTitle()
          .replace(/[^\w-]+/g, '_')
          .slice(0, 80)}`;
        for (const page of context.pages()) {
          await screenshot(page, `${name}-${index}`).catch(() => {});
        }
      }
      await context.close().catch(() => {});
    }
    if (shared.stack?.failure) throw new Error(`The stack went down: ${shared.stack.failure}`);
  },
  async afterAll() {
    this.timeout(90_000);
    await shared.browser?.close().catch(() => {});
    await shared.admin?.close().catch(() => {});
    await shared.stack?.stop();
  },
};
