import { formatNumber } from '../lib/format';

/** A labelled usage meter: "1,500 of 3,000", with a bar (the native <meter>, so it is announced too). */
export function UsageMeter({ label, used, limit, unit, note }: { label: string; used: number; limit: number | null; unit: string; note?: string }) {
  const id = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <div class="usage-meter">
      <div class="usage-meter__head">
        <span id={`${id}-label`} class="usage-meter__label">
          {label}
        </span>
        <span class="usage-meter__numbers">
          {limit === null ? `${formatNumber(used)} ${unit} (no cap)` : `${formatNumber(used)} of ${formatNumber(limit)} ${unit}`}
        </span>
      </div>
      {limit !== null ? (
        <meter
          aria-labelledby={`${id}-label`}
          min={0}
          max={Math.max(limit, 1)}
          value={Math.min(used, Math.max(limit, 1))}
          low={limit * 0.8}
          high={limit * 0.95}
          optimum={0}
        />
      ) : null}
      {note ? <p class="muted small">{note}</p> : null}
    </div>
  );
}
