/**
 * Finds a JDK new enough for firebase-tools' Java emulators (>= 21) and for compiling the
 * launcher jars (javac). Order: JAVA_HOME, `java` on PATH, then every JDK under /usr/lib/jvm.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

export const MIN_JAVA = 21;

/** @typedef {{ home: string, java: string, major: number, source: string }} Jdk */
/** @typedef {{ home: string, java: string, major: number | null, hasJavac: boolean }} SeenJdk */

export class JdkNotFoundError extends Error {
  /** @param {SeenJdk[]} seen @param {number} min */
  constructor(seen, min) {
    const list = seen.length
      ? seen
          .map((j) => `  ${j.home}: Java ${j.major ?? '?'}${j.hasJavac ? '' : ' (no javac)'}`)
          .join('\n')
      : '  (none found)';
    super(
      `No JDK ${min} or newer was found (checked JAVA_HOME, PATH and /usr/lib/jvm):\n${list}\n` +
        `Install a JDK ${min}+ (for example Eclipse Temurin ${min} or 25 from adoptium.net, or ` +
        `\`apt-get install openjdk-${min}-jdk-headless\` where your distribution offers it; ` +
        `Debian 12 only ships 17), then set JAVA_HOME to it or put its bin/ first on PATH.`,
    );
    this.name = 'JdkNotFoundError';
    this.seen = seen;
  }
}

/**
 * Major version from `java -version` output: "17.0.15" → 17, "1.8.0_392" → 8, "25" → 25.
 * @param {string} versionOutput
 * @returns {number | null}
 */
export function parseJavaMajor(versionOutput) {
  const match =
    /version "([^"]+)"/.exec(versionOutput) ??
    /\b(?:openjdk|java) (\d[\w.+-]*)/.exec(versionOutput);
  if (!match) return null;
  const parts = (match[1] ?? '').split(/[._+-]/);
  const first = Number(parts[0]);
  if (!Number.isInteger(first)) return null;
  return first === 1 ? Number(parts[1]) : first;
}

/**
 * @param {string} home
 * @param {(java: string) => string} run
 * @returns {SeenJdk | null}
 */
function probe(home, run) {
  const java = join(home, 'bin', 'java');
  if (!existsSync(java)) return null;
  let major = null;
  try {
    major = parseJavaMajor(run(java));
  } catch {
    major = null;
  }
  return { home, java, major, hasJavac: existsSync(join(home, 'bin', 'javac')) };
}

/** The JDK home a `java` found on PATH belongs to (resolving /usr/bin/java alternatives links). */
/** @param {string | undefined} pathValue */
function homesOnPath(pathValue) {
  const homes = [];
  for (const dir of (pathValue ?? '').split(delimiter)) {
    if (!dir) continue;
    const java = join(dir, 'java');
    if (existsSync(java)) homes.push(dirname(dirname(realpathSync(java))));
  }
  return homes;
}

/**
 * @param {{ env?: NodeJS.ProcessEnv, jvmDir?: string, min?: number,
 *   run?: (java: string) => string }} [options] `run` returns `java -version` output (tests).
 * @returns {Jdk}
 */
export function findJdk({ env = process.env, jvmDir = '/usr/lib/jvm', min = MIN_JAVA, run } = {}) {
  const version = run ?? versionText;
  const candidates = [];
  if (env.JAVA_HOME) candidates.push({ home: env.JAVA_HOME, source: 'JAVA_HOME' });
  for (const home of homesOnPath(env.PATH)) candidates.push({ home, source: 'PATH' });
  if (existsSync(jvmDir)) {
    const dirs = readdirSync(jvmDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() || d.isSymbolicLink())
      .map((d) => join(jvmDir, d.name))
      .sort()
      .reverse(); // newest-looking names first
    for (const home of dirs) candidates.push({ home, source: jvmDir });
  }
  const seen = [];
  const visited = new Set();
  for (const { home, source } of candidates) {
    const key = existsSync(home) ? realpathSync(home) : home;
    if (visited.has(key)) continue;
    visited.add(key);
    const found = probe(home, version);
    if (!found) continue;
    seen.push(found);
    if (found.major !== null && found.major >= min && found.hasJavac) {
      return { home, java: found.java, major: found.major, source };
    }
  }
  throw new JdkNotFoundError(seen, min);
}

/**
 * `java -version` prints on stderr; keep both streams.
 * @param {string} java
 */
function versionText(java) {
  const result = spawnSync(java, ['-version'], { encoding: 'utf8', timeout: 10_000 });
  return `${result.stderr ?? ''}${result.stdout ?? ''}`;
}

/**
 * Environment for children: JAVA_HOME set and the JDK's bin first on PATH.
 * @param {NodeJS.ProcessEnv} env
 * @param {Jdk} jdk
 * @returns {NodeJS.ProcessEnv}
 */
export function withJdk(env, jdk) {
  return {
    ...env,
    JAVA_HOME: jdk.home,
    PATH: `${join(jdk.home, 'bin')}${delimiter}${env.PATH ?? ''}`,
  };
}
