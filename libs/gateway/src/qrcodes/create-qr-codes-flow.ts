import { QR_COMMANDS as QR } from '@qr/contracts';
import { Errors, type Actor } from '@qr/domain';
import { type CommandBus } from '@qr/platform';
import { type Principal } from '@qr/identity';
import { type QuotaRepository } from '../access/quota.repository';

interface PlanAnswer {
  items: Array<{ index: number; category: 'dynamic' | 'static'; existing: boolean }>;
  /** The items as qr-service parsed them: createMany takes these instead of parsing the items again. */
  drafts: unknown[];
  /** Their passwords, beside the drafts (never in them); sent back with the drafts. */
  passwords?: Array<string | null>;
}
interface CreateAnswer {
  results: Array<{ index: number; result: 'created' | 'existing'; category: 'dynamic' | 'static'; qr_code: unknown }>;
  failed_index: number | null;
}

/**
 * Single and bulk creation share this flow: qr-service validates the whole batch (answering the parsed
 * items, which createMany takes back instead of parsing them again) and says which
 * items already exist (client_ref); the gateway reserves the dynamic allowance for the new dynamic
 * ones all at once (429 and nothing created when it does not fit); qr-service creates; unused
 * allowance (races, a failure part-way) is given back. The reservation holds until it is settled,
 * so the allowance reconcile never counts codes that are still being made (AllowanceReconcile).
 */
export class CreateQrCodesFlow {
  constructor(
    private readonly bus: CommandBus,
    private readonly quota: QuotaRepository,
    /** Tests only (TEST_FAULT): runs between reserving and creating, to stop a gateway right there. */
    private readonly afterReserve: (() => Promise<void>) | null = null,
  ) {}

  async execute(principal: Principal, items: unknown, bulk: boolean, actor: Actor): Promise<CreateAnswer['results']> {
    const plan = await this.bus.send<PlanAnswer>('qr-service', QR.planCreate, { workspaceId: principal.workspaceId, items, bulk });
    const needed = plan.items.filter((i) => i.category === 'dynamic' && !i.existing).length;
    let holdId: string | null = null;
    if (needed > 0) {
      const cap = principal.plan.dynamicCodes;
      const reservation = await this.quota.reserveDynamic(principal.workspaceId, needed, cap);
      if (!reservation.granted) throw Errors.dynamicAllowanceExceeded(cap ?? 0);
      holdId = reservation.holdId;
      if (this.afterReserve) await this.afterReserve();
    }
    let answer: CreateAnswer;
    try {
      answer = await this.bus.send<CreateAnswer>('qr-service', QR.createMany, {
        workspaceId: principal.workspaceId,
        drafts: plan.drafts,
        passwords: plan.passwords,
        bulk,
        actor,
      });
    } catch (err) {
      if (holdId) await this.quota.settleDynamic(holdId, principal.workspaceId, needed);
      throw err;
    }
    const created = answer.results.filter((r) => r.result === 'created' && r.category === 'dynamic').length;
    if (holdId) await this.quota.settleDynamic(holdId, principal.workspaceId, Math.max(needed - created, 0));
    if (answer.failed_index !== null) throw Errors.internal();
    return answer.results;
  }
}
