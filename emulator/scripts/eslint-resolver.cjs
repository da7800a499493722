// Lets eslint-plugin-import follow the emulator's ESM imports: `./values.js` names the source file
// `./values.ts` (TypeScript's NodeNext convention), which the node resolver alone cannot find.
const { existsSync } = require('node:fs');
const { dirname, resolve } = require('node:path');
const node = require('eslint-import-resolver-node');

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) => {
  if (source.startsWith('.') && source.endsWith('.js')) {
    const ts = resolve(dirname(file), `${source.slice(0, -3)}.ts`);
    if (existsSync(ts)) return { found: true, path: ts };
  }
  return node.resolve(source, file, config);
};
