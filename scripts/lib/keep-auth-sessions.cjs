/**
 * Preloaded into firebase-tools (`node --require`) by `npm start`. The Auth emulator imports the
 * saved accounts through `accounts:batchCreate`, which sets every account's `validSince` to the
 * moment of the import (firebase-tools 15.34.2, lib/emulator/auth/operations.js). Every ID token
 * a browser held from before the restart then has an earlier `iat`, `accounts:lookup` answers
 * 400 TOKEN_EXPIRED, and the web SDK signs the user out. This puts back the `validSince` the
 * export saved, so sessions survive a restart and a revocation from before it still holds.
 * Nothing happens when the module is not where expected: restarts then sign everyone out again.
 */
'use strict';
const path = require('node:path');

/** Wraps a batchCreate operation so the imported accounts keep their saved `validSince`. */
function keepingValidSince(batchCreate) {
  return function batchCreateKeepingSessions(state, reqBody, ...rest) {
    const restore = () => {
      for (const info of reqBody?.users ?? []) {
        const saved = String(info?.validSince ?? '');
        if (typeof info?.localId !== 'string' || !/^\d+$/.test(saved)) continue;
        if (state.getUserByLocalId(info.localId))
          state.updateUserByLocalId(info.localId, { validSince: saved });
      }
    };
    const result = batchCreate(state, reqBody, ...rest);
    if (result && typeof result.then === 'function') return result.then((r) => (restore(), r));
    restore();
    return result;
  };
}

try {
  const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
  const { authOperations } = require(
    path.join(firebaseTools, 'lib', 'emulator', 'auth', 'operations.js'),
  );
  const projects = authOperations?.identitytoolkit?.projects;
  for (const accounts of [projects?.accounts, projects?.tenants?.accounts]) {
    if (typeof accounts?.batchCreate === 'function')
      accounts.batchCreate = keepingValidSince(accounts.batchCreate);
  }
} catch {
  // A firebase-tools laid out differently: start as before.
}
