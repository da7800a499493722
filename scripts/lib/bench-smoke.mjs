/**
 * What each root `bench:*` script must print at its smoke size for `npm run test:benches` to count
 * it as still measuring: one pattern per figure it exists for (numbers, not just labels).
 */
const n = String.raw`\d[\d,.]*`;
const figure = (text) => new RegExp(text.replaceAll('#', n));

export const MEASURES = {
  'bench:stack': [figure('npm start → console ready: # s')],
  'bench:emulator': [
    figure('single write latency, admin SDK gRPC .* p50 # ms'),
    figure('commit to snapshot, # raw gRPC listeners .* p50 # ms'),
    figure('RSS idle / with ~# documents .* # MiB / # MiB'),
  ],
  'bench:functions': [
    figure('status write → notification doc: n=# p50=# ms'),
    figure('scheduled job lateness .*: n=# p50=# ms'),
  ],
  'bench:console': [figure('CSS \\(all routes\\): # KB gzipped')],
  'bench:engines': [
    figure('own: cold start to first answer \\(median\\) .*# ms'),
    figure(
      'status write → reporter notification, whole emulator suite:\\n(\\s+\\w+: n=# p50=# ms.*\\n)+',
    ),
  ],
  'bench:rules': [figure('p50 # µs +p99 # µs')],
  'bench:rules-reads': [figure('Worst single request: # of 10')],
  'bench:dashboard': [
    figure('# reports seeded in # s'),
    figure('Formula \\(any number of reports N\\)'),
  ],
  'bench:burst': [figure('Goals \\((official|own)\\): ')],
  'bench:alerts': [figure('# people: planned # pages in # s, delivered in # s .* — exact')],
  'bench:roster': [
    figure('\\w+: # people .* preview # s, apply # s, .* delivered in # s; .* — exact'),
  ],
  'bench:sos': [
    figure('SOS pressed → on the IMT console banner \\(\\w+\\): n=# p50=# ms p95=# ms'),
    figure('assignment page → its SMS record \\(\\w+\\): n=# p50=# ms p95=# ms'),
  ],
  'bench:images': [figure('run 1: # ms \\(decode #, scale #, encode #\\), CPU # ms')],
};

/** Root bench scripts without an entry in MEASURES. */
export function unmeasured(rootScripts) {
  return Object.keys(rootScripts).filter(
    (name) => name.startsWith('bench:') && !(name in MEASURES),
  );
}

/**
 * Workspace bench scripts (`bench`, `bench:*`) that no root bench script runs, named as
 * `<workspace>: <script>`. A root script reaches one as `npm run <script> -w <workspace>` in its
 * command, or in the script file its command runs (`node scripts/x.mjs`, read by `readScript`,
 * as `'run', '<script>', '-w', '<workspace>'`).
 */
export function unreachedWorkspaceBenches(rootScripts, workspaceScripts, readScript = () => '') {
  const texts = Object.entries(rootScripts)
    .filter(([name]) => name.startsWith('bench:'))
    .map(([, command]) => {
      const file = /^node (\S+\.mjs)/.exec(command)?.[1];
      return file ? `${command}\n${readScript(file)}` : command;
    });
  const reaches = (dir, script) =>
    texts.some(
      (text) =>
        new RegExp(`npm run ${script}(\\s|$).*-w ${dir}(\\s|$)`).test(text) ||
        text.includes(`'run', '${script}', '-w', '${dir}'`),
    );
  return Object.entries(workspaceScripts).flatMap(([dir, scripts]) =>
    Object.keys(scripts)
      .filter((script) => script === 'bench' || script.startsWith('bench:'))
      .filter((script) => !reaches(dir, script))
      .map((script) => `${dir}: ${script}`),
  );
}
