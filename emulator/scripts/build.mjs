// Builds emulator/dist: esbuild bundles of the Node entry points, and the Java launcher jars that
// let firebase-tools start them through FIRESTORE_EMULATOR_BINARY_PATH / STORAGE_EMULATOR_BINARY_PATH.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });

const bundles = [
  { entry: 'src/firestore/main.ts', out: 'firestore-emulator' },
  { entry: 'src/storage-rules/main.ts', out: 'storage-rules-runtime' },
];

for (const { entry, out } of bundles) {
  if (!existsSync(join(root, entry))) {
    console.warn(`build: ${entry} does not exist yet; skipping ${out}.js and ${out}.jar`);
    continue;
  }
  await build({
    entryPoints: [join(root, entry)],
    outfile: join(dist, `${out}.js`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // CommonJS dependencies (protobufjs) call require(); give the ESM bundle one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  console.log(`build: dist/${out}.js`);
  buildLauncherJar(out, 'Launcher');
}
// Starts the Cloud SDK's official Firestore emulator jar for firebase-tools (see its source).
buildLauncherJar('official-firestore', 'OfficialFirestore');

function findJdkTool(name) {
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(join(process.env.JAVA_HOME, 'bin', name));
  for (const dir of (process.env.PATH ?? '').split(delimiter))
    if (dir) candidates.push(join(dir, name));
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

function buildLauncherJar(out, mainClass) {
  const javac = findJdkTool('javac');
  const jar = findJdkTool('jar');
  if (!javac || !jar) {
    console.warn(
      `build: WARNING no JDK found (javac/jar via JAVA_HOME or PATH); dist/${out}.jar not built, so firebase-tools cannot start ${out} through its *_EMULATOR_BINARY_PATH.`,
    );
    return;
  }
  const classes = mkdtempSync(join(tmpdir(), 'launcher-'));
  try {
    execFileSync(
      javac,
      ['--release', '11', '-d', classes, join(root, 'launcher', `${mainClass}.java`)],
      { stdio: 'inherit' },
    );
    execFileSync(
      jar,
      [
        '--create',
        '--file',
        join(dist, `${out}.jar`),
        '--main-class',
        mainClass,
        '-C',
        classes,
        '.',
      ],
      {
        stdio: 'inherit',
      },
    );
    console.log(`build: dist/${out}.jar`);
  } finally {
    rmSync(classes, { recursive: true, force: true });
  }
}
