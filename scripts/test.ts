// `npm test`: static checks, then every Vitest tier (unit, web components,
// integration on PGlite and, with DATABASE_URL, PostgreSQL, and browser flows
// in Chromium). Ends with one line "N passed, N failed" summing everything.
// Arguments are handed to Vitest and skip the static checks (quick runs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findChromium } from '../e2e/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const vitestArgs = process.argv.slice(2);
const results = { passed: 0, failed: 0, skipped: 0 };

function run(label: string, command: string, args: string[]): boolean {
  process.stdout.write(`\n> ${label}\n`);
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return status === 0;
}

/** Runs a check beside the others; its output is printed whole when it ends. */
function check(label: string, command: string, args: string[]): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => {
      process.stdout.write(`\n> ${label}\n${output}`);
      if (status === 0) results.passed += 1;
      else {
        results.failed += 1;
        process.stdout.write(`FAILED: ${label}\n`);
      }
      resolve();
    });
  });
}

function ensureChromium(): void {
  if (findChromium()) return;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canInstall) {
    process.stdout.write('Chromium is missing: installing Debian\'s "chromium" package...\n');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  }
  if (!findChromium()) {
    process.stderr.write(
      'The browser tests need Chromium and none was found.\n' +
        'Install it (Debian/Ubuntu: `sudo apt-get install chromium`), or set CHROMIUM_PATH\n' +
        'to a Chromium or Chrome executable, then run `npm test` again.\n',
    );
    process.exit(1);
  }
}

ensureChromium();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const quick = vitestArgs.length > 0;
if (!quick) {
  // Each is mostly one thread: side by side they use both cores.
  await Promise.all([
    check('typecheck', npm, ['run', '--silent', 'typecheck']),
    check('lint', npm, ['run', '--silent', 'lint']),
    check('format', npm, ['run', '--silent', 'format:check']),
  ]);
}
// The browser tests run against the built web app.
if (!run('build web app', npm, ['run', '--silent', 'build'])) results.failed += 1;

const reportDir = path.join(root, '.test-results');
mkdirSync(reportDir, { recursive: true });
const report = path.join(reportDir, 'vitest.json');
run('vitest', process.execPath, [
  path.join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...vitestArgs,
]);
if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
  };
  results.passed += summary.numPassedTests;
  results.failed +=
    summary.numFailedTests + (summary.numFailedTests ? 0 : summary.numFailedTestSuites);
  results.skipped += summary.numPendingTests + summary.numTodoTests;
} else {
  results.failed += 1;
}

const skipped = results.skipped ? `, ${results.skipped} skipped` : '';
process.stdout.write(`\n${results.passed} passed, ${results.failed} failed${skipped}\n`);
process.exit(results.failed > 0 ? 1 : 0);
