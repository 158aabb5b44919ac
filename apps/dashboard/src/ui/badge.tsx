import { STATE_LABELS } from '../lib/format';

export function StateBadge({ state }: { state: string }) {
  return <span class={`badge badge--${state}`}>{STATE_LABELS[state] ?? state}</span>;
}

export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'good' | 'warn' | 'bad'; children: string }) {
  return <span class={`badge badge--${tone}`}>{children}</span>;
}
