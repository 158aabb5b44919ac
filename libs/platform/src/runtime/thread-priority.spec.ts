import { type Log } from '@qr/domain';
import { lowerPriority } from './thread-priority';

function recordingLog(): Log & { lines: Array<[string, string, Record<string, unknown> | undefined]> } {
  const lines: Array<[string, string, Record<string, unknown> | undefined]> = [];
  return { lines, event: (level, msg, fields) => void lines.push([level, msg, fields]) };
}

describe('lowerPriority', () => {
  it('sets the nice value `steps` above the current one, capped at 19', () => {
    const set: number[] = [];
    lowerPriority(10, recordingLog(), { getPriority: () => 0, setPriority: ((n: number) => void set.push(n)) as never });
    lowerPriority(10, recordingLog(), { getPriority: () => 15, setPriority: ((n: number) => void set.push(n)) as never });
    expect(set).toEqual([10, 19]);
  });

  it('logs a warning and returns when the system refuses, instead of throwing', () => {
    const log = recordingLog();
    const refuse = () => {
      throw Object.assign(new Error('A system error occurred: uv_os_setpriority returned EACCES (permission denied)'), { code: 'ERR_SYSTEM_ERROR' });
    };
    expect(() => lowerPriority(10, log, { getPriority: () => 0, setPriority: refuse as never })).not.toThrow();
    expect(log.lines).toEqual([['warn', expect.stringMatching(/could not lower/), { error: expect.stringMatching(/EACCES/) }]]);
  });
});
