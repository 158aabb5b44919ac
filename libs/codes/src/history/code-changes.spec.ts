import { type QrCodeRecord } from '../codes/qr-code-record';
import { describeChange } from './code-changes';

const base: QrCodeRecord = {
  id: 'qr_1',
  workspace_id: 'ws_1',
  name: 'Poster',
  type: 'website',
  category: 'dynamic',
  status: 'active',
  content: { url: 'https://example.com/a' },
  destinations: [{ target_url: 'https://example.com/a' }],
  client_ref: null,
  short_code: 'AbC1234',
  preview_token: 'x'.repeat(32),
  password_hash: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  start_at: null,
  end_at: null,
  daily_start: null,
  daily_end: null,
  daily_days: null,
  timezone: 'UTC',
  scan_limit: null,
  scan_count: 3,
  fallback_url: null,
  folder_id: null,
  custom_domain_id: null,
  design: null,
  design_preset_id: null,
  design_overrides: null,
  revision: 1,
  created_at: 0,
  updated_at: 0,
  deleted_at: null,
} as QrCodeRecord;

describe('describeChange', () => {
  it('a create lists the values it set, not the unset ones', () => {
    const { action, changes } = describeChange(null, base);
    expect(action).toBe('created');
    expect(changes.map((c) => c.field)).toEqual(['name', 'status', 'content', 'destinations', 'short_code', 'timezone']);
    expect(changes.every((c) => c.before === null)).toBe(true);
  });

  it('a change lists each field with before and after, times as RFC 3339', () => {
    const after = { ...base, name: 'Poster 2', start_at: Date.UTC(2026, 11, 1), scan_limit: 10, revision: 2 };
    expect(describeChange(base, after)).toEqual({
      action: 'updated',
      changes: [
        { field: 'name', before: 'Poster', after: 'Poster 2' },
        { field: 'start_at', before: null, after: '2026-12-01T00:00:00Z' },
        { field: 'scan_limit', before: null, after: 10 },
      ],
    });
  });

  it('a change of status alone is a pause or a resume; with other fields it is an update', () => {
    expect(describeChange(base, { ...base, status: 'paused' }).action).toBe('paused');
    expect(describeChange({ ...base, status: 'paused' }, base).action).toBe('resumed');
    expect(describeChange(base, { ...base, status: 'paused', name: 'Off' }).action).toBe('updated');
  });

  it('scan counts and revisions are not changes; a delete lists nothing', () => {
    expect(describeChange(base, { ...base, scan_count: 99, revision: 5 }).changes).toEqual([]);
    expect(describeChange(base, { ...base, deleted_at: 1 })).toEqual({ action: 'deleted', changes: [] });
  });

  it('names a password set, changed or removed, never the password or its hash', () => {
    const hash = 'scrypt$16384$8$1$c2FsdA$aGFzaA';
    const other = 'scrypt$16384$8$1$b3RoZXI$b3RoZXI';
    const set = describeChange(base, { ...base, password_hash: hash });
    expect(set).toEqual({ action: 'updated', changes: [{ field: 'password', before: null, after: 'set' }] });
    expect(describeChange({ ...base, password_hash: hash }, { ...base, password_hash: other }).changes).toEqual([
      { field: 'password', before: 'set', after: 'changed' },
    ]);
    expect(describeChange({ ...base, password_hash: hash }, base).changes).toEqual([{ field: 'password', before: 'set', after: null }]);
    expect(describeChange(null, { ...base, password_hash: hash }).changes).toContainEqual({ field: 'password', before: null, after: 'set' });
    expect(JSON.stringify(set)).not.toContain('scrypt');
  });
});
