import { JsonLogger } from './json-logger';

type Level = ConstructorParameters<typeof JsonLogger>[0];

function capture(level: Level = 'info', base: Record<string, unknown> = {}) {
  const lines: string[] = [];
  const logger = new JsonLogger(level, base, (line) => lines.push(line));
  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines, entries };
}

describe('JsonLogger', () => {
  it('writes each entry as one line holding one JSON object with time, level, msg and the base fields', () => {
    const { logger, lines, entries } = capture('info', { service: 'api-gateway', pid: 42 });
    logger.event('info', 'scan recorded', { qr_id: 'qr_1' });
    logger.warn('slow query');

    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain('\n');
      const parsed: unknown = JSON.parse(line);
      expect(typeof parsed).toBe('object');
      expect(Array.isArray(parsed)).toBe(false);
    }
    const [first, second] = entries();
    expect(first).toEqual({ time: expect.any(String), level: 'info', msg: 'scan recorded', service: 'api-gateway', pid: 42, qr_id: 'qr_1' });
    expect(second).toEqual({ time: expect.any(String), level: 'warn', msg: 'slow query', service: 'api-gateway', pid: 42 });
    expect(new Date(first.time as string).toISOString()).toBe(first.time);
  });

  it('keeps a message with a newline on one line', () => {
    const { logger, lines, entries } = capture();
    logger.log('line one\nline two');
    expect(lines).toHaveLength(1);
    expect(lines[0].split('\n')).toHaveLength(1);
    expect(entries()[0].msg).toBe('line one\nline two');
  });

  it('maps Nest methods to levels (verbose → debug)', () => {
    const { logger, entries } = capture('debug');
    logger.log('a');
    logger.warn('b');
    logger.error('c');
    logger.debug('d');
    logger.verbose('e');
    expect(entries().map((e) => [e.msg, e.level])).toEqual([
      ['a', 'info'],
      ['b', 'warn'],
      ['c', 'error'],
      ['d', 'debug'],
      ['e', 'debug'],
    ]);
  });

  describe('level filtering', () => {
    it('suppresses debug at info but keeps info, warn and error', () => {
      const { logger, entries } = capture('info');
      logger.debug('hidden');
      logger.verbose('hidden too');
      logger.event('debug', 'hidden as well');
      logger.log('shown');
      logger.warn('shown');
      logger.error('shown');
      expect(entries().map((e) => e.level)).toEqual(['info', 'warn', 'error']);
    });

    it('at warn keeps only warn and error', () => {
      const { logger, entries } = capture('warn');
      logger.debug('x');
      logger.log('x');
      logger.warn('x');
      logger.error('x');
      expect(entries().map((e) => e.level)).toEqual(['warn', 'error']);
    });

    it('writes nothing at all when silent', () => {
      const write = jest.fn();
      const logger = new JsonLogger('silent', {}, write);
      logger.debug('x');
      logger.log('x');
      logger.warn('x');
      logger.error('x');
      logger.error(new Error('boom'));
      logger.event('error', 'x');
      expect(write).not.toHaveBeenCalled();
    });

    it('defaults to info', () => {
      const write = jest.fn();
      const logger = new JsonLogger(undefined, {}, write);
      logger.debug('x');
      expect(write).not.toHaveBeenCalled();
      logger.log('y');
      expect(write).toHaveBeenCalledTimes(1);
    });
  });

  it('Nest-style log(message, context) puts the context in `context`', () => {
    const { logger, entries } = capture();
    logger.log('webhook endpoint created', 'WebhooksController');
    expect(entries()).toEqual([{ time: expect.any(String), level: 'info', msg: 'webhook endpoint created', context: 'WebhooksController' }]);
  });

  it.each(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication'])(
    'Nest start-up chatter (log with context %s) is debug, hidden at info',
    (context) => {
      const atInfo = capture('info');
      atInfo.logger.log('Mapped {/api/public/v1/api-keys, POST} route', context);
      expect(atInfo.lines).toEqual([]);

      const atDebug = capture('debug');
      atDebug.logger.log('Mapped {/api/public/v1/api-keys, POST} route', context);
      expect(atDebug.entries()).toEqual([{ time: expect.any(String), level: 'debug', msg: 'Mapped {/api/public/v1/api-keys, POST} route', context }]);
    },
  );

  it('only log() is demoted for start-up contexts: warn and error keep their level', () => {
    const { logger, entries } = capture('info');
    logger.warn('slow start', 'NestApplication');
    logger.error('cannot start', undefined, 'NestFactory');
    expect(entries().map((e) => [e.level, e.context])).toEqual([
      ['warn', 'NestApplication'],
      ['error', 'NestFactory'],
    ]);
  });

  it('Nest-style error(message, stack, context) keeps both the stack and the context', () => {
    const { logger, entries } = capture();
    logger.error('handler failed', 'Error: x\n    at foo (bar.ts:1:1)', 'ExceptionsHandler');
    expect(entries()[0]).toMatchObject({ level: 'error', msg: 'handler failed', context: 'ExceptionsHandler', stack: 'Error: x\n    at foo (bar.ts:1:1)' });
  });

  it('a log without context has no context field', () => {
    const { logger, entries } = capture();
    logger.log('plain');
    expect(entries()[0]).not.toHaveProperty('context');
  });

  it('an Error becomes msg = its message and error.{name,message}', () => {
    const { logger, entries } = capture();
    const err = new TypeError('cannot read x');
    logger.error(err, 'Bootstrap');
    const entry = entries()[0];
    expect(entry.level).toBe('error');
    expect(entry.msg).toBe('cannot read x');
    expect(entry.context).toBe('Bootstrap');
    expect(entry.error).toMatchObject({ name: 'TypeError', message: 'cannot read x' });
  });

  it('an object message is spread into fields, its msg becoming the message', () => {
    const { logger, entries } = capture();
    logger.warn({ msg: 'retrying', attempt: 3 });
    expect(entries()[0]).toMatchObject({ level: 'warn', msg: 'retrying', attempt: 3 });
  });
});
