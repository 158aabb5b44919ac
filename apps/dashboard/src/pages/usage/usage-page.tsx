import { formatDateTime, formatNumber } from '../../lib/format';
import { useResource } from '../../lib/use-resource';
import { Pending } from '../../ui/notice';
import { UsageMeter } from '../../ui/meter';
import { PageHeader } from '../../ui/page-header';
import { usageApi } from '../../api/endpoints';

const PLANS: ReadonlyArray<[string, string, string, string, string]> = [
  ['free', 'no', '—', 'static only', 'none'],
  ['starter', 'no', '—', 'static only', 'none'],
  ['pro', 'yes', '3,000', '300', 'scans, leads, scan limits'],
  ['agency', 'yes', '25,000', 'no cap', 'those and scan milestones'],
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
        <div class="table-wrap">
          <table class="table">
            <caption class="visually-hidden">What each plan includes</caption>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">API</th>
                <th scope="col" class="num">
                  Calls a month
                </th>
                <th scope="col">Dynamic codes</th>
                <th scope="col">Webhooks</th>
              </tr>
            </thead>
            <tbody>
              {PLANS.map(([name, apiAccess, calls, dynamic, hooks]) => (
                <tr key={name} aria-current={u?.plan.name === name ? 'true' : undefined}>
                  <th scope="row">
                    {name}
                    {u?.plan.name === name ? ' (yours)' : ''}
                  </th>
                  <td>{apiAccess}</td>
                  <td class="num">{calls}</td>
                  <td>{dynamic}</td>
                  <td>{hooks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p class="muted small">The plan is changed by the operator ({'npm run admin -- workspace set-plan'}).</p>
        {u && u.dynamic_codes.limit !== null && u.dynamic_codes.used >= u.dynamic_codes.limit ? (
          <p>All {formatNumber(u.dynamic_codes.limit)} dynamic codes are in use.</p>
        ) : null}
      </section>
    </>
  );
}
