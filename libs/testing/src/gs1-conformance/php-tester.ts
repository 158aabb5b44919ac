import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../own-services';
import { waitUntil } from '../wait-until';

export interface PhpTester {
  port: number;
  /** Where PHP's own log (one line per request, plus tester.php's error_log) goes. */
  logFile: string;
  stop(): Promise<void>;
}

/**
 * The suite's `tester.php` (the helper that makes its HTTP requests with curl) on PHP's built-in
 * server, serving `suiteDir` as it is. curl and PHP's streams are told to trust `caFile`, the TLS
 * front's CA. Needs Debian's php-cli and php-curl (.ci/run installs them).
 */
export async function startPhpTester(suiteDir: string, caFile: string, logDir: string): Promise<PhpTester> {
  try {
    execFileSync('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);'], { stdio: 'ignore' });
  } catch {
    throw new Error('the GS1 conformance harness needs php with curl: apt-get install php-cli php-curl (.ci/run does)');
  }
  const port = await freePort();
  const logFile = join(logDir, 'php.log');
  const log = openSync(logFile, 'a');
  const child: ChildProcess = spawn('php', ['-d', `curl.cainfo=${caFile}`, '-d', `openssl.cafile=${caFile}`, '-S', `127.0.0.1:${port}`, '-t', suiteDir], {
    stdio: ['ignore', log, log],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitUntil(
    async () => {
      if (exited) throw new Error(`php -S exited at start; see ${logFile}`);
      return fetch(`http://127.0.0.1:${port}/tester.php?test=none`).then(
        (res) => res.ok,
        () => false,
      );
    },
    'php -S to answer',
    15_000,
    50,
  );
  return {
    port,
    logFile,
    stop: async () => {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
