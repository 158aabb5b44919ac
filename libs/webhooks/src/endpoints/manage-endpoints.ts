import { type Clock, Errors, formatUtc, newId, type PlanName, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { type AddressPolicy, generateWebhookSecret } from '@qr/webhook-rules';
import { type SecretBox } from '../secrets/secret-box';
import { type HostResolver } from '../sending/host-resolver';
import { parseEndpointInput } from './endpoint-input';
import { type EndpointRecord, endpointView } from './endpoint-record';
import { type EndpointsRepository } from './endpoints.repository';

export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** Endpoint lifecycle: register, change, delete, rotate the secret. Each returns the API object. */
export class ManageEndpoints {
  constructor(
    private readonly db: Database,
    private readonly endpoints: EndpointsRepository,
    private readonly box: SecretBox,
    private readonly resolve: HostResolver,
    private readonly policy: AddressPolicy,
    private readonly clock: Clock = systemClock,
  ) {}

  async register(workspaceId: string, plan: PlanName, body: unknown) {
    const input = await parseEndpointInput(body, { plan, partial: false, resolve: this.resolve, policy: this.policy });
    const secret = generateWebhookSecret();
    const now = this.clock().getTime();
    const endpoint: EndpointRecord = {
      id: newId('we', this.clock),
      workspace_id: workspaceId,
      url: input.url!.href,
      description: input.description ?? null,
      events: input.events!,
      status: input.status ?? 'enabled',
      disabled_reason: null,
      secret_sealed: this.box.seal(secret),
      previous_secret_sealed: null,
      previous_secret_expires_at: null,
      failing_since: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await this.endpoints.insert(endpoint);
    return { ...endpointView(endpoint), secret };
  }

  async update(workspaceId: string, plan: PlanName, id: string, body: unknown) {
    const endpoint = await this.mustFind(workspaceId, id);
    const input = await parseEndpointInput(body, { plan, partial: true, resolve: this.resolve, policy: this.policy });
    const reenabled = input.status === 'enabled' && endpoint.status === 'disabled';
    const next: EndpointRecord = {
      ...endpoint,
      url: input.url?.href ?? endpoint.url,
      description: input.description === undefined ? endpoint.description : input.description,
      events: input.events ?? endpoint.events,
      status: input.status ?? endpoint.status,
      disabled_reason: input.status === 'disabled' ? 'disabled_by_user' : reenabled ? null : endpoint.disabled_reason,
      failing_since: reenabled ? null : endpoint.failing_since,
      updated_at: this.clock().getTime(),
    };
    await this.endpoints.save(next);
    return endpointView(next);
  }

  /** Deleting stops its pending deliveries; the delivery log stays for the record. */
  async remove(workspaceId: string, id: string) {
    const endpoint = await this.mustFind(workspaceId, id);
    const now = this.clock().getTime();
    await this.db.transaction(async (tx) => {
      await this.endpoints.save({ ...endpoint, deleted_at: now, status: 'disabled', disabled_reason: 'deleted', updated_at: now }, tx);
      await tx.query(`UPDATE webhook_deliveries SET status = 'cancelled', updated_at = $1 WHERE endpoint_id = $2 AND status IN ('pending', 'delivering')`, [
        now,
        id,
      ]);
    });
    return { id, object: 'webhook_endpoint' as const, deleted: true };
  }

  /** A new secret, shown once; the old one keeps being used (second signature) for 24 h. */
  async rotateSecret(workspaceId: string, id: string) {
    const endpoint = await this.mustFind(workspaceId, id);
    const secret = generateWebhookSecret();
    const now = this.clock().getTime();
    await this.endpoints.save({
      ...endpoint,
      secret_sealed: this.box.seal(secret),
      previous_secret_sealed: endpoint.secret_sealed,
      previous_secret_expires_at: now + ROTATION_OVERLAP_MS,
      updated_at: now,
    });
    return { ...endpointView(endpoint), secret, previous_secret_expires_at: formatUtc(new Date(now + ROTATION_OVERLAP_MS)) };
  }

  async mustFind(workspaceId: string, id: string): Promise<EndpointRecord> {
    const endpoint = typeof id === 'string' ? await this.endpoints.find(workspaceId, id) : null;
    if (!endpoint) throw Errors.notFound('webhook endpoint');
    return endpoint;
  }
}
