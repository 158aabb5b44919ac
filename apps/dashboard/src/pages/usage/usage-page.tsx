import { formatDateTime, formatNumber } from '../../lib/format';
import { useResource } from '../../lib/use-resource';
import { Pending } from '../../ui/notice';
import { ListTable } from '../../ui/list-table';
import { UsageMeter } from '../../ui/meter';
import { PageHeader } from '../../ui/page-header';
import { usageApi } from '../../api/endpoints';

const PLANS = [
  { id: 'free', api: 'no', calls: '—', dynamic: 'static only', webhooks: 'none' },
  { id: 'starter', api: 'no', calls: '—', dynamic: 'static only', webhooks: 'none' },
  { id: 'pro', api: 'yes', calls: '3,000', dynamic: '300', webhooks: 'scans, leads, scan limits' },
  { id: 'agency', api: 'yes', calls: '25,000', dynamic: 'no cap', webhooks: 'those and scan milestones' },
];

export function UsagePage() {
  const usage = useResource((signal) => usageApi.get(signal), 'usage');
  const u = usage.data;
  return (
    <>
      <PageHeader title="Usage and plan" subtitle={u ? `This workspace is on the ${u.plan.name} plan.` : undefined} />
      <Pending resource={usage} />
      {u ? (
        <section class="panel" aria-labelledby="usage-title">
          <h2 id="usage-title">This month ({u.period})</h2>
          {u.plan.api_access ? (
            <UsageMeter
              label="API calls"
              used={u.api_calls.used}
              limit={u.api_calls.limit}
              unit="calls"
              note={`Counts calls with an API key (a bulk call counts one per code). Starts again at 0 on ${formatDateTime(u.resets_at)}. What you do here in the dashboard is not counted.`}
            />
          ) : (
            <p>The {u.plan.name} plan has no API access, so no calls are counted.</p>
          )}
          <UsageMeter
            label="Dynamic codes"
            used={u.dynamic_codes.used}
            limit={u.dynamic_codes.limit}
            unit="codes"
            note="Existing dynamic codes, however they were created (API or dashboard). Deleting one frees its place; static codes never count."
          />
        </section>
      ) : null}
      <section class="panel" aria-labelledby="plans-title">
        <h2 id="plans-title">Plans</h2>
        <ListTable
          caption="What each plan includes"
          rows={PLANS}
          current={(p) => p.id === u?.plan.name}
          columns={[
            { header: 'Plan', rowHeader: true, cell: (p) => `${p.id}${p.id === u?.plan.name ? ' (yours)' : ''}` },
            { header: 'API', cell: (p) => p.api },
            { header: 'Calls a month', num: true, cell: (p) => p.calls },
            { header: 'Dynamic codes', cell: (p) => p.dynamic },
            { header: 'Webhooks', cell: (p) => p.webhooks },
          ]}
        />
        <p class="muted small">The plan is changed by the operator ({'npm run admin -- workspace set-plan'}).</p>
        {u && u.dynamic_codes.limit !== null && u.dynamic_codes.used >= u.dynamic_codes.limit ? (
          <p>All {formatNumber(u.dynamic_codes.limit)} dynamic codes are in use.</p>
        ) : null}
      </section>
    </>
  );
}
