import { type Analytics, type QrCode } from '../../api/types';
import { formatNumber } from '../../lib/format';

/**
 * A protected code's password page beside its scans: how often it was shown, and how often the right
 * password opened the code (each unlock is also one of the scans). Shown for a code protected now, or
 * one that had page views in the range.
 */
export function PasswordPageStats({ code, analytics }: { code: QrCode; analytics: Analytics }) {
  const gate = analytics.password_page;
  if (!code.password_protected && gate.page_views === 0 && gate.unlocks === 0) return null;
  return (
    <>
      <Stat value={formatNumber(gate.page_views)} label="password page views" testId="password-page-views" />
      <Stat value={formatNumber(gate.unlocks)} label="unlocks" testId="password-unlocks" />
    </>
  );
}

/** One figure of the analytics' headline row. */
export function Stat({ value, label, testId }: { value: string | number; label: string; testId?: string }) {
  return (
    <div class="stat">
      <div class="stat__value" data-testid={testId}>
        {value}
      </div>
      <div class="stat__label">{label}</div>
    </div>
  );
}
