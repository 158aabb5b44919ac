import { ApiError, type Log } from '@qr/domain';
import { type CommandBus, CommandRegistry, InProcessCommandBus, type SendOptions } from '@qr/platform';
import { REDIRECT_COMMANDS } from '@qr/contracts';
import { type QrCodeRecord } from './qr-code-record';
import { FALLBACK_WARNING_INTERVAL_MS, RecordedScanCounts, SCAN_COUNTS_TIMEOUT_MS } from './recorded-scan-counts';

const code = (id: string, scan_count: number, patch: Partial<QrCodeRecord> = {}) =>
  ({ id, workspace_id: 'ws_1', category: 'dynamic', scan_count, ...patch }) as QrCodeRecord;

interface Sent {
  target: string;
  command: string;
  payload: unknown;
  options?: SendOptions;
}

/** Answers each send with `answer(payload)`; records what was sent. */
function stubBus(answer: (payload: { workspace_id: string; qr_ids: string[] }) => Promise<unknown>): CommandBus & { sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    send: async <R>(target: string, command: string, payload: unknown, options?: SendOptions) => {
      sent.push({ target, command, payload, options });
      return (await answer(payload as { workspace_id: string; qr_ids: string[] })) as R;
    },
  };
}

function recordingLog(): Log & { warnings: Array<Record<string, unknown> | undefined> } {
  const warnings: Array<Record<string, unknown> | undefined> = [];
  return { warnings, event: (level, _msg, fields) => void (level === 'warn' && warnings.push(fields)) };
}

describe('RecordedScanCounts', () => {
  it('shows the larger of redirect-service’s and qr-service’s count for each code', async () => {
    const bus = stubBus(async () => ({ qr_a: 5, qr_b: 1 }));
    const out = await new RecordedScanCounts(bus, recordingLog()).apply([code('qr_a', 3), code('qr_b', 4), code('qr_c', 2)]);
    expect(out.map((r) => [r.id, r.scan_count])).toEqual([
      ['qr_a', 5],
      ['qr_b', 4],
      ['qr_c', 2],
    ]);
  });

  it('asks with the workspace, the dynamic codes’ ids only and a short budget', async () => {
    const bus = stubBus(async () => ({}));
    await new RecordedScanCounts(bus, recordingLog()).apply([code('qr_a', 0), code('qr_s', 0, { category: 'static' }), code('qr_b', 0)]);
    expect(bus.sent).toEqual([
      {
        target: 'redirect-service',
        command: REDIRECT_COMMANDS.scanCounts,
        payload: { workspace_id: 'ws_1', qr_ids: ['qr_a', 'qr_b'] },
        options: { timeoutMs: SCAN_COUNTS_TIMEOUT_MS },
      },
    ]);
    expect(SCAN_COUNTS_TIMEOUT_MS).toBeLessThanOrEqual(1_000);
  });

  it('does not ask at all when there is no dynamic code, or none the caller wants asked about', async () => {
    const bus = stubBus(async () => ({ qr_s: 9, qr_new: 9 }));
    const counts = new RecordedScanCounts(bus, recordingLog());
    expect((await counts.apply([code('qr_s', 1, { category: 'static' })]))[0].scan_count).toBe(1);
    expect((await counts.apply([code('qr_new', 0)], () => false))[0].scan_count).toBe(0);
    expect(bus.sent).toHaveLength(0);
  });

  it('asks only about the records the caller picks (codes created just now are not asked about)', async () => {
    const bus = stubBus(async () => ({ qr_old: 3, qr_new: 3 }));
    const out = await new RecordedScanCounts(bus, recordingLog()).apply([code('qr_old', 1), code('qr_new', 0)], (r) => r.id === 'qr_old');
    expect((bus.sent[0].payload as { qr_ids: string[] }).qr_ids).toEqual(['qr_old']);
    expect(out.map((r) => r.scan_count)).toEqual([3, 0]);
  });

  it('asks once per workspace, each with its own ids', async () => {
    const bus = stubBus(async (p) => Object.fromEntries(p.qr_ids.map((id) => [id, p.workspace_id === 'ws_1' ? 10 : 20])));
    const out = await new RecordedScanCounts(bus, recordingLog()).apply([code('qr_a', 0), code('qr_b', 0, { workspace_id: 'ws_2' })]);
    expect(bus.sent.map((s) => s.payload)).toEqual([
      { workspace_id: 'ws_1', qr_ids: ['qr_a'] },
      { workspace_id: 'ws_2', qr_ids: ['qr_b'] },
    ]);
    expect(out.map((r) => r.scan_count)).toEqual([10, 20]);
  });

  it('answers with qr-service’s own counts when the bus throws, and counts the fallback', async () => {
    const bus = stubBus(async () => {
      throw new ApiError(503, 'service_unavailable', 'Service unavailable', 'redirect-service did not answer.');
    });
    let fallbacks = 0;
    const log = recordingLog();
    const records = [code('qr_a', 3)];
    const out = await new RecordedScanCounts(bus, log, () => fallbacks++).apply(records);
    expect(out).toEqual(records);
    expect(fallbacks).toBe(1);
    expect(log.warnings).toEqual([{ error: 'redirect-service did not answer.', suppressed_since_last_warning: 0 }]);
  });

  it('answers with its own counts when redirect-service is slower than the budget (the bus’s own timer)', async () => {
    jest.useFakeTimers();
    try {
      const registry = new CommandRegistry();
      registry.register(REDIRECT_COMMANDS.scanCounts, () => new Promise((resolve) => setTimeout(() => resolve({ qr_a: 99 }), SCAN_COUNTS_TIMEOUT_MS * 2)));
      let settled = false;
      const pending = new RecordedScanCounts(new InProcessCommandBus(registry), recordingLog()).apply([code('qr_a', 3)]).finally(() => (settled = true));
      await jest.advanceTimersByTimeAsync(SCAN_COUNTS_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      expect((await pending)[0].scan_count).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('warns at most once per interval, then tells how many warnings it held back', async () => {
    const bus = stubBus(async () => {
      throw new Error('down');
    });
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    let fallbacks = 0;
    const log = recordingLog();
    const counts = new RecordedScanCounts(bus, log, () => fallbacks++);
    for (let i = 0; i < 5; i++) await counts.apply([code('qr_a', 0)]);
    expect(log.warnings).toHaveLength(1);
    now += FALLBACK_WARNING_INTERVAL_MS - 1;
    await counts.apply([code('qr_a', 0)]);
    expect(log.warnings).toHaveLength(1);
    now += 1;
    await counts.apply([code('qr_a', 0)]);
    expect(log.warnings).toEqual([
      { error: 'down', suppressed_since_last_warning: 0 },
      { error: 'down', suppressed_since_last_warning: 5 },
    ]);
    expect(fallbacks).toBe(7);
    jest.restoreAllMocks();
  });
});
