import { describe, expect, it } from 'vitest';
import {
  readAppCheckSettings,
  readEmulatorSettings,
  readFirebaseSettings,
  readWebPushKey,
} from './config';

describe('Firebase settings', () => {
  it('defaults to the local demo project', () => {
    expect(readFirebaseSettings({})).toMatchObject({
      projectId: 'demo-campus-safety',
      storageBucket: 'demo-campus-safety.appspot.com',
    });
  });

  it('takes VITE_FIREBASE_* values when given', () => {
    expect(
      readFirebaseSettings({ VITE_FIREBASE_PROJECT_ID: 'prod-x', VITE_FIREBASE_API_KEY: 'k' }),
    ).toMatchObject({
      projectId: 'prod-x',
      apiKey: 'k',
    });
  });
});

describe('emulator settings', () => {
  it('connects to the fixed local ports by default', () => {
    expect(readEmulatorSettings({})).toEqual({
      auth: 'http://127.0.0.1:9099',
      firestore: { host: '127.0.0.1', port: 8080 },
      functions: { host: '127.0.0.1', port: 5001 },
      storage: { host: '127.0.0.1', port: 9199 },
    });
  });

  it('honours overrides and can be switched off', () => {
    expect(readEmulatorSettings({ VITE_EMULATOR_FIRESTORE: 'localhost:18080' })?.firestore).toEqual(
      { host: 'localhost', port: 18080 },
    );
    expect(readEmulatorSettings({ VITE_USE_EMULATORS: 'false' })).toBeNull();
  });
});

describe('App Check settings', () => {
  it('is off without a site key, and uses the debug token only with emulators', () => {
    expect(readAppCheckSettings({}, true)).toBeNull();
    const key = { VITE_APP_CHECK_SITE_KEY: '6Lc-site-key' };
    expect(readAppCheckSettings(key, false)).toEqual({ siteKey: '6Lc-site-key', debugToken: null });
    expect(readAppCheckSettings(key, true)).toEqual({ siteKey: '6Lc-site-key', debugToken: true });
    expect(
      readAppCheckSettings({ ...key, VITE_APP_CHECK_DEBUG_TOKEN: 'registered-token' }, true),
    ).toEqual({ siteKey: '6Lc-site-key', debugToken: 'registered-token' });
  });
});

describe('Web Push key', () => {
  it("is the deployment's; under the emulators the local stack's pair; else none", () => {
    expect(readWebPushKey({ VITE_WEB_PUSH_PUBLIC_KEY: 'BDeployed' }, false)).toBe('BDeployed');
    const local = { VITE_LOCAL_WEB_PUSH_PUBLIC_KEY: 'BLocal' };
    expect(readWebPushKey(local, true)).toBe('BLocal');
    expect(readWebPushKey(local, false)).toBeNull();
  });
});
