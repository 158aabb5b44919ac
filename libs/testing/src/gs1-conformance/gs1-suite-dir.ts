import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Where GS1's resolver test suite (github.com/gs1/GS1DL-resolver-testsuite, Apache-2.0) is on this
 * machine: GS1_SUITE_DIR, else `gs1-resolver-testsuite` in the `shared` folder beside the
 * repository, which is where CI lays it. Null when it is in neither place: the repository does not
 * carry the suite, and only this harness reads it.
 */
export function gs1SuiteDir(): string | null {
  const dir = process.env.GS1_SUITE_DIR ?? join(dirname(repositoryRoot()), 'shared', 'gs1-resolver-testsuite');
  return existsSync(join(dir, 'GS1DigitalLinkResolverTestSuite.js')) ? dir : null;
}

// The folder with nx.json above this file, from the sources as from dist/.
function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'nx.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
