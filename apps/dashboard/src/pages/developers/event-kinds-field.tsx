import { type WebhookEventType } from '../../api/types';
import { toggled } from '../../lib/list-rows';
import { CheckboxField, GroupError } from '../../ui/field';

/** Every event kind, with what it means; which ones a workspace may subscribe to is its plan's to say. */
const EVENT_KINDS: ReadonlyArray<{ type: WebhookEventType; label: string; plan: string }> = [
  { type: 'qr.scanned', label: 'A dynamic code was scanned', plan: 'pro' },
  { type: 'lead.created', label: 'A hosted form was submitted', plan: 'pro' },
  { type: 'qr.scan_limit_reached', label: 'A code used its last allowed scan', plan: 'pro' },
  { type: 'qr.scan_milestone_reached', label: 'A code reached 10, 100, 1,000… scans', plan: 'agency' },
];

/** The event kinds to subscribe to; the ones the plan lacks are shown, disabled, with the plan that has them. */
export function EventKindsField(props: {
  value: WebhookEventType[];
  onValue: (v: WebhookEventType[]) => void;
  allowed: WebhookEventType[];
  planName: string;
  error?: string;
}) {
  return (
    <fieldset>
      <legend>Events</legend>
      {EVENT_KINDS.map((k) => {
        const available = props.allowed.includes(k.type);
        return (
          <CheckboxField
            key={k.type}
            label={`${k.type}: ${k.label}`}
            checked={props.value.includes(k.type)}
            disabled={!available}
            hint={available ? undefined : `Needs the ${k.plan} plan (this workspace is on ${props.planName}).`}
            onChecked={(on) => props.onValue(toggled(props.value, on, k.type))}
          />
        );
      })}
      <GroupError text={props.error} />
    </fieldset>
  );
}
