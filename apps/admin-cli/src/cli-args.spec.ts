import { parseCliArgs, requireFlag, UsageError } from './cli-args';

describe('parseCliArgs', () => {
  it('returns nothing for no arguments', () => {
    expect(parseCliArgs([])).toEqual({ command: [], flags: {} });
  });

  it('collects positionals as the command and `--flag value` pairs as flags', () => {
    expect(parseCliArgs(['workspace', 'create', '--name', 'Acme', '--plan', 'pro'])).toEqual({
      command: ['workspace', 'create'],
      flags: { name: 'Acme', plan: 'pro' },
    });
  });

  it('accepts --flag=value, keeping any further "=" in the value', () => {
    expect(parseCliArgs(['key', 'create', '--name=CI key', '--expires-at=2026-01-01T00:00:00+01:00', '--role=a=b=c'])).toEqual({
      command: ['key', 'create'],
      flags: { name: 'CI key', 'expires-at': '2026-01-01T00:00:00+01:00', role: 'a=b=c' },
    });
  });

  it('--flag= gives an empty string, not true and not the next argument', () => {
    expect(parseCliArgs(['--name=', 'next'])).toEqual({ command: ['next'], flags: { name: '' } });
  });

  it('a trailing --json is the boolean true', () => {
    expect(parseCliArgs(['migrate', '--json'])).toEqual({ command: ['migrate'], flags: { json: true } });
  });

  it('a switch never takes the next argument', () => {
    expect(parseCliArgs(['workspace', 'create', '--json', '--name', 'Acme'])).toEqual({
      command: ['workspace', 'create'],
      flags: { json: true, name: 'Acme' },
    });
    expect(parseCliArgs(['--json', '--help'])).toEqual({ command: [], flags: { json: true, help: true } });
  });

  it('a value that starts with a dash is given as --flag=value', () => {
    expect(parseCliArgs(['--batch=-5'])).toEqual({ command: [], flags: { batch: '-5' } });
    expect(() => parseCliArgs(['--batch', '-5'])).toThrow(UsageError);
  });

  it('refuses, as a usage error, an unknown flag, a flag without its value and a value taken for a flag', () => {
    expect(() => parseCliArgs(['workspace', 'create', '--nmae', 'Acme'])).toThrow(UsageError);
    expect(() => parseCliArgs(['workspace', 'create', '--name'])).toThrow(UsageError);
    expect(() => parseCliArgs(['workspace', 'create', '--name', '--json'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--json=yes'])).toThrow(UsageError);
  });

  it('positionals may come after flags', () => {
    expect(parseCliArgs(['--name', 'Acme', 'workspace', 'create'])).toEqual({ command: ['workspace', 'create'], flags: { name: 'Acme' } });
  });

  it('the last occurrence of a repeated flag wins', () => {
    expect(parseCliArgs(['--plan', 'pro', '--plan=agency']).flags.plan).toBe('agency');
  });

  it('does not modify its input', () => {
    const argv = Object.freeze(['key', 'revoke', '--workspace', 'ws_1', '--key=key_1', '--json']);
    expect(() => parseCliArgs(argv)).not.toThrow();
    expect(argv).toEqual(['key', 'revoke', '--workspace', 'ws_1', '--key=key_1', '--json']);
  });
});

describe('requireFlag', () => {
  it('returns a present string flag', () => {
    expect(requireFlag({ name: 'Acme' }, 'name')).toBe('Acme');
  });

  it('throws a UsageError naming the flag when it is missing', () => {
    expect(() => requireFlag({}, 'workspace')).toThrow(UsageError);
    expect(() => requireFlag({}, 'workspace')).toThrow('--workspace is required');
  });

  it('throws a UsageError when it is empty (--name=)', () => {
    const { flags } = parseCliArgs(['--name=']);
    expect(() => requireFlag(flags, 'name')).toThrow(UsageError);
  });

  it('UsageError is an Error', () => {
    expect(new UsageError('x')).toBeInstanceOf(Error);
  });
});
