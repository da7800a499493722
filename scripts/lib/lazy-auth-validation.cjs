/**
 * Preloaded into firebase-tools by `npm start` (`node --require`, so not inherited by the
 * processes it starts). The Auth emulator builds its request validators from the Identity
 * Toolkit OpenAPI document with exegesis, which compiles every operation's JSON schema up front:
 * about 8 s of CPU on these machines, the largest part of a warm start. exegesis can compile each
 * schema on the operation's first use instead (`lazyCompileValidationSchemas`); validation is
 * unchanged, only when it is compiled. Nothing happens when exegesis is not where expected.
 */
'use strict';
const path = require('node:path');

try {
  const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
  const options = require(require.resolve('exegesis/lib/options.js', { paths: [firebaseTools] }));
  const compileOptions = options.compileOptions;
  if (typeof compileOptions === 'function') {
    options.compileOptions = (given = {}) =>
      compileOptions({ lazyCompileValidationSchemas: true, ...given });
  }
} catch {
  // A firebase-tools without exegesis: start as usual.
}
