import { useState } from 'preact/hooks';
import { type QrCode } from '../../api/types';
import { formatNumber } from '../../lib/format';
import { useResource } from '../../lib/use-resource';
import { timeZoneOptions, zonedDateDaysAgo } from '../../lib/zoned-time';
import { binder, CheckboxField, SelectField, TextField } from '../../ui/field';
import { ProblemError } from '../../api/problem';
import { ListTable } from '../../ui/list-table';
import { ErrorNotice, Loading } from '../../ui/notice';
import { ScansChart } from './scans-chart';
import { codesApi } from '../../api/endpoints';
import { abSplit, type SplitGroup } from './ab-split';
import { PasswordPageStats, Stat } from './password-page-stats';
import { Button } from '../../ui/button';

const RANGES = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 365 days' },
  { value: 'custom', label: 'Custom dates' },
];

/** Scans of one code: a chart by day with range, time zone and bots, breakdowns, and a CSV download. */
export function AnalyticsPanel({ code }: { code: QrCode }) {
  const [view, setView] = useState({ range: '30', from: '', to: '', tz: code.timezone, bots: false, style: 'bar' as 'line' | 'bar' });
  const { range, from, to, tz } = view;
  const params =
    range === 'custom' ? { from: from || undefined, to: to || undefined } : { from: zonedDateDaysAgo(Number(range) - 1, tz), to: zonedDateDaysAgo(0, tz) };
  const q = { ...params, tz, include_bots: view.bots ? 'true' : undefined };
  const analytics = useResource((signal) => codesApi.analytics(code.id, q, signal), JSON.stringify(q));
  const a = analytics.data;
  // A refused custom range is told at its dates.
  const problem = analytics.error instanceof ProblemError ? analytics.error : null;
  const field = binder(view, setView, problem);
  return (
    <section class="panel" aria-labelledby="analytics-title">
      <h2 id="analytics-title">Scans</h2>
      <div class="controls">
        <SelectField label="Range" {...field('range')} options={RANGES} />
        {range === 'custom' ? (
          <>
            <TextField label="From" type="date" {...field('from')} />
            <TextField label="To" type="date" {...field('to')} />
          </>
        ) : null}
        <SelectField label="Time zone" {...field('tz')} options={timeZoneOptions()} />
        <SelectField
          label="Chart"
          {...field('style')}
          options={[
            { value: 'bar', label: 'Bars' },
            { value: 'line', label: 'Line' },
          ]}
        />
        <CheckboxField label="Include bots" {...field.check('bots')} />
      </div>
      {problem?.at('/from') || problem?.at('/to') ? null : <ErrorNotice error={analytics.error} />}
      {analytics.loading && !a ? <Loading label="Loading scans…" /> : null}
      {a ? (
        <div aria-busy={analytics.loading}>
          <div class="stats">
            <Stat value={formatNumber(a.total_scans)} label="scans" testId="total-scans" />
            <Stat value={formatNumber(a.unique_scanners)} label="unique scanners" />
            <Stat value={a.by_day.length} label={`days, ${a.from} to ${a.to}`} />
            <PasswordPageStats code={code} analytics={a} />
          </div>
          <ScansChart
            days={a.by_day}
            style={view.style}
            label={`Scans by day from ${a.from} to ${a.to}, ${a.timezone}: ${formatNumber(a.total_scans)} in all. The table below has the numbers.`}
          />
          <details>
            <summary>Scans by day as a table</summary>
            <ListTable
              caption="Scans by day"
              rows={a.by_day.map((d) => ({ ...d, id: d.date }))}
              columns={[
                { header: 'Date', cell: (d) => d.date },
                { header: 'Scans', num: true, cell: (d) => d.scans },
                { header: 'Unique scanners', num: true, cell: (d) => d.unique_scanners },
              ]}
            />
          </details>
          <AbSplit groups={abSplit(code.destinations, a.by_destination)} />
          {code.type === 'menu' || code.type === 'vcard' || code.type === 'form' ? null : (
            <Breakdown
              title="Where scans went"
              wide
              rows={a.by_destination.map((r) => [r.destination === 'unknown' ? unknownDestination(code.type) : r.destination, r.scans])}
            />
          )}
          <div class="breakdowns">
            {code.type === 'gs1' ? <Breakdown title="GS1 link types served" rows={a.by_link_type.map((r) => [r.link_type, r.scans])} /> : null}
            <Breakdown title="Devices" rows={a.by_device.map((r) => [r.device, r.scans])} />
            <Breakdown title="Countries" rows={a.by_country.map((r) => [r.country, r.scans])} />
            <Breakdown title="Operating systems" rows={a.by_os.map((r) => [r.os, r.scans])} />
            <Breakdown title="Browsers" rows={a.by_browser.map((r) => [r.browser, r.scans])} />
          </div>
          <p>
            <Button href={codesApi.analyticsCsvUrl(code.id, q)} download label="Download CSV" />
          </p>
        </div>
      ) : null}
    </section>
  );
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** A scan without a destination: a gs1 code's was answered with its linkset (it had no redirect); another's predates destinations. */
const unknownDestination = (type: string) => (type === 'gs1' ? 'none: answered with the linkset' : 'not recorded (before destinations were kept)');

/** The A/B split of each weighted group: what the weights ask for next to where this range's scans went. */
function AbSplit({ groups }: { groups: SplitGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <div class="breakdown--wide" data-testid="ab-split">
      <h3>A/B split</h3>
      <p class="muted small">
        Target: the weight’s share of its group. Actual: the share of this range’s scans. Each visitor keeps one variant for the day, so the actual split comes
        closer to the target as visitors add up.
      </p>
      {groups.map((g) => (
        <ListTable
          key={g.label}
          captionShown
          spaced
          caption={g.label === 'Default' ? 'Scans no rule matched' : `Scans matching ${g.label}`}
          rows={g.rows.map((r) => ({ ...r, id: r.target_url }))}
          columns={[
            { header: 'Destination', rowHeader: true, class: 'mono small', cell: (r) => r.target_url },
            { header: 'Weight', num: true, cell: (r) => formatNumber(r.weight) },
            { header: 'Target', num: true, cell: (r) => percent(r.expected) },
            { header: 'Scans', num: true, cell: (r) => formatNumber(r.scans) },
            { header: 'Actual', num: true, cell: (r) => (r.actual === null ? '—' : percent(r.actual)) },
          ]}
        />
      ))}
    </div>
  );
}

function Breakdown({ title, rows: all, wide = false }: { title: string; rows: Array<[string, number]>; wide?: boolean }) {
  const rows = all.filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  const max = Math.max(1, ...rows.map(([, n]) => n));
  return (
    <div class={wide ? 'breakdown--wide' : undefined}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p class="muted small">No scans in this range.</p>
      ) : (
        <table class="bars">
          <tbody>
            {rows.slice(0, 10).map(([name, n]) => (
              <tr key={name}>
                <th scope="row" class={wide ? 'mono small' : undefined}>
                  {name}
                </th>
                <td style={{ width: '50%' }} aria-hidden="true">
                  <span class="bar" style={{ width: `${(n / max) * 100}%` }} />
                </td>
                <td class="num">{formatNumber(n)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
