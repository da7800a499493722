// Builds emulator/dist: esbuild bundles of the Node entry points, and the Java launcher jars that
// let firebase-tools start them through FIRESTORE_EMULATOR_BINARY_PATH / STORAGE_EMULATOR_BINARY_PATH.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

// The bundles build together, then one javac compiles every launcher and the jars are packed
// side by side: each JDK tool start costs about a second, and this runs on every fresh start.
const built = await Promise.all(
  bundles.map(async ({ entry, out }) => {
    if (!existsSync(join(root, entry))) {
      console.warn(`build: ${entry} does not exist yet; skipping ${out}.js and ${out}.jar`);
      return null;
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
    return { out, mainClass: 'Launcher' };
  }),
);
// Starts the Cloud SDK's official Firestore emulator jar for firebase-tools (see its source).
await buildLauncherJars([
  ...built.filter((jar) => jar !== null),
  { out: 'official-firestore', mainClass: 'OfficialFirestore' },
]);

function findJdkTool(name) {
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(join(process.env.JAVA_HOME, 'bin', name));
  for (const dir of (process.env.PATH ?? '').split(delimiter))
    if (dir) candidates.push(join(dir, name));
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

/** @param {{ out: string, mainClass: string }[]} jars */
async function buildLauncherJars(jars) {
  const javac = findJdkTool('javac');
  const jar = findJdkTool('jar');
  if (!javac || !jar) {
    for (const { out } of jars) {
      console.warn(
        `build: WARNING no JDK found (javac/jar via JAVA_HOME or PATH); dist/${out}.jar not built, so firebase-tools cannot start ${out} through its *_EMULATOR_BINARY_PATH.`,
      );
    }
    return;
  }
  const classes = mkdtempSync(join(tmpdir(), 'launcher-'));
  try {
    const mainClasses = [...new Set(jars.map(({ mainClass }) => mainClass))];
    await execTool(javac, [
      '--release',
      '11',
      '-d',
      classes,
      ...mainClasses.map((mainClass) => join(root, 'launcher', `${mainClass}.java`)),
    ]);
    await Promise.all(
      jars.map(async ({ out, mainClass }) => {
        // Each jar holds only its own launcher's classes (a main class and its inner classes).
        const own = readdirSync(classes).filter(
          (file) => file === `${mainClass}.class` || file.startsWith(`${mainClass}$`),
        );
        await execTool(jar, [
          '--create',
          '--file',
          join(dist, `${out}.jar`),
          '--main-class',
          mainClass,
          '-C',
          classes,
          ...own,
        ]);
        console.log(`build: dist/${out}.jar`);
      }),
    );
  } finally {
    rmSync(classes, { recursive: true, force: true });
  }
}

function execTool(file, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}`)),
    );
  });
}
