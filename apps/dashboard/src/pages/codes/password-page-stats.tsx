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
      <div class="stat">
        <div class="stat__value" data-testid="password-page-views">
          {formatNumber(gate.page_views)}
        </div>
        <div class="stat__label">password page views</div>
      </div>
      <div class="stat">
        <div class="stat__value" data-testid="password-unlocks">
          {formatNumber(gate.unlocks)}
        </div>
        <div class="stat__label">unlocks</div>
      </div>
    </>
  );
}
