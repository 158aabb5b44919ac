import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SDK_VERSION } from './version.js';

describe('SDK_VERSION', () => {
  it('is the version in the package.json that gets published', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../package.json'), 'utf8')) as { version: string };
    expect(SDK_VERSION).toBe(pkg.version);
  });
});
