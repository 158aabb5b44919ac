import { ApiError, Errors, type FieldError, isPlainObject, notAnObject, type PlanName, unknownFields } from '@qr/domain';
import { type AddressPolicy, isDialableAddress, parseWebhookUrl, validateSubscription, type WebhookEventType } from '@qr/webhook-rules';
import { type HostResolver } from '../sending/host-resolver';

const FIELDS = ['url', 'description', 'events', 'status'];

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
  if (!isPlainObject(body)) throw Errors.validationFailed([notAnObject()]);
  const b = body;
  const errors: FieldError[] = unknownFields(b, FIELDS);
  const out: EndpointInput = {};
  if (b.events !== undefined || !o.partial) {
    const gated = validateSubscription(o.plan, b.events, '/events');
    if (!gated.ok && gated.status === 403)
      throw new ApiError(403, gated.errors[0]?.code ?? 'forbidden', 'Forbidden', gated.errors.map((e) => e.detail).join(' '), gated.errors);
    if (gated.ok) out.events = gated.events;
    else errors.push(...gated.errors);
  }
  if (b.description !== undefined) {
    if (b.description !== null && (typeof b.description !== 'string' || b.description.length > 500))
      errors.push({ pointer: '/description', code: 'invalid', detail: 'at most 500 characters' });
    else out.description = b.description as string | null;
  }
  if (b.status !== undefined) {
    if (b.status !== 'enabled' && b.status !== 'disabled') errors.push({ pointer: '/status', code: 'invalid', detail: 'status must be enabled or disabled' });
    else out.status = b.status;
  }
  if (b.url !== undefined || !o.partial) {
    const parsed = parseWebhookUrl(b.url, '/url');
    if (!parsed.ok) errors.push(...parsed.errors);
    else {
      errors.push(...(await addressErrors(parsed.url, o.resolve, o.policy)));
      out.url = parsed.url;
    }
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
