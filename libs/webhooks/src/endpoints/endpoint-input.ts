import { check, WebhookEndpointInput } from '@qr/api-contract';
import { ApiError, Errors, type FieldError, isPlainObject, type PlanName } from '@qr/domain';
import { type AddressPolicy, isDialableAddress, validateSubscription, type WebhookEventType } from '@qr/webhook-rules';
import { type HostResolver } from '../sending/host-resolver';

export interface EndpointInput {
  url?: URL;
  description?: string | null;
  events?: WebhookEventType[];
  status?: 'enabled' | 'disabled';
}

/**
 * Checks a create (`partial` false) or PATCH body: the URL's scheme and form, every address it
 * resolves to now (none may be private unless allowed), and the events against the plan (403 for a
 * kind the plan lacks).
 */
export async function parseEndpointInput(
  body: unknown,
  o: { plan: PlanName; partial: boolean; resolve: HostResolver; policy: AddressPolicy },
): Promise<EndpointInput> {
  const checked = check(WebhookEndpointInput, body);
  if (!isPlainObject(body)) throw Errors.validationFailed(checked.ok ? [] : checked.errors);
  const sent = (field: 'url' | 'events') => body[field] !== undefined || !o.partial;
  // A PATCH leaves out what it does not change: the declaration's required fields are required on create only.
  const skipped = (pointer: string) => {
    const field = pointer.split('/')[1];
    return (field === 'url' || field === 'events') && !sent(field);
  };
  const errors = (checked.ok ? [] : checked.errors).filter((e) => !skipped(e.pointer));
  const out: EndpointInput = {};
  if (sent('events')) {
    // The plan is judged first (403 whatever the body), then the list's shape, then each type against the plan.
    const gated = validateSubscription(o.plan, body.events, '/events');
    if (!gated.ok && gated.status === 403)
      throw new ApiError(403, gated.errors[0]?.code ?? 'forbidden', 'Forbidden', gated.errors.map((e) => e.detail).join(' '), gated.errors);
    if (gated.ok) out.events = gated.events;
  }
  if (body.description !== undefined && !errors.some((e) => e.pointer === '/description')) out.description = body.description as string | null;
  if (body.status !== undefined && !errors.some((e) => e.pointer === '/status')) out.status = body.status as 'enabled' | 'disabled';
  if (sent('url') && !errors.some((e) => e.pointer === '/url')) {
    const url = new URL(body.url as string);
    errors.push(...(await addressErrors(url, o.resolve, o.policy)));
    out.url = url;
  }
  if (errors.length) throw Errors.validationFailed(errors);
  return out;
}

async function addressErrors(url: URL, resolve: HostResolver, policy: AddressPolicy): Promise<FieldError[]> {
  let addresses: string[];
  try {
    addresses = await resolve(url.hostname.replace(/^\[|\]$/g, ''));
  } catch {
    return [{ pointer: '/url', code: 'unresolvable_host', detail: 'the host name does not resolve' }];
  }
  const refused = addresses.filter((a) => !isDialableAddress(a, policy));
  return refused.length
    ? [{ pointer: '/url', code: 'address_not_allowed', detail: 'the URL resolves to a private, loopback, link-local or otherwise non-public address' }]
    : [];
}
