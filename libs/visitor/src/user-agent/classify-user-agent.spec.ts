import { classifyUserAgent } from './classify-user-agent';
import { USER_AGENT_CASES } from './testing/user-agent-cases';

describe('classifyUserAgent', () => {
  it('has a table of at least 25 real user agents', () => {
    expect(USER_AGENT_CASES.length).toBeGreaterThanOrEqual(25);
  });

  it.each(USER_AGENT_CASES.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const { device, osKey, isBot } = classifyUserAgent(entry.ua);
    expect({ device, osKey, isBot }).toEqual({ device: entry.device, osKey: entry.osKey, isBot: entry.isBot });
  });

  it('treats a missing header as an unknown person, not a bot', () => {
    expect(classifyUserAgent(undefined)).toEqual({ device: 'other', os: null, osKey: 'other', browser: null, isBot: false });
  });

  it.each([
    ['iPhone Safari', 'iOS', 'Mobile Safari'],
    ['Samsung Internet', 'Android', 'Samsung Internet'],
    ['Windows Edge', 'Windows', 'Edge'],
    ['macOS Safari', 'macOS', 'Safari'],
    ['ChromeOS', 'ChromeOS', 'Chrome'],
    ['Ubuntu Firefox', 'Ubuntu', 'Firefox'],
    ['Apple Watch', 'watchOS', 'WebKit'],
    ['curl', null, null],
  ])('names the OS and browser of %s for display', (name, os, browser) => {
    const entry = USER_AGENT_CASES.find((candidate) => candidate.name === name);
    expect(classifyUserAgent(entry?.ua)).toMatchObject({ os, browser });
  });

  it('cannot tell an iPad in desktop mode from a Mac (iPadOS 13+ sends the macOS UA)', () => {
    const ipadDesktopMode = USER_AGENT_CASES.find((entry) => entry.name === 'macOS Safari')?.ua;
    expect(classifyUserAgent(ipadDesktopMode)).toMatchObject({ device: 'desktop', osKey: 'macos' });
  });
});
