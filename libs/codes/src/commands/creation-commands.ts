import { BulkCreateRequest, fieldErrors } from '@qr/api-contract';
import { type Actor, Errors, isActor, UNKNOWN_ACTOR } from '@qr/domain';
import { OutboxWriter } from '@qr/event-log';
import { type Database } from '@qr/persistence';
import { CreateQrCodes } from '../codes/create-qr-codes';
import { parseItems, type PlanDeps, planDrafts } from '../codes/plan-creation';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { QrCodesRepository } from '../codes/qr-codes.repository';
import { ReferencesRepository } from '../codes/references.repository';
import { CodeChangeLog } from '../history/code-change-log';
import { CodeHistoryRepository } from '../history/code-history.repository';
import { LogosRepository } from '../logos/logos.repository';
import { DesignPresetsRepository } from '../presets/design-presets.repository';
import { DesignCheck } from '../rendering/design-check';
import { type QrCommandPayloads } from './qr-commands';

/** What creation needs of qr-service's use cases. */
export type CreationUseCases = PlanDeps & { createCodes: CreateQrCodes };

export interface CreationAnswer {
  results: Array<{ index: number; result: 'created' | 'existing'; category: string; qr_code: unknown }>;
  failed_index: number | null;
}

/**
 * `qr.plan-create` and `qr.create-many`: the one creation path of single create, bulk create, the
 * CSV import and the admin CLI's link import. `views` shapes the created records for the answer.
 */
export function creationCommands(u: CreationUseCases, views: (records: QrCodeRecord[], recorded: (r: QrCodeRecord) => boolean) => Promise<unknown[]>) {
  return {
    planCreate: async (p: QrCommandPayloads['qr.plan-create']) => {
      const parsed = parseItems(checkItems(p.items, p.bulk), itemPointer(p.bulk));
      // The designs are read back once, by createMany, on the short codes the codes get.
      const plan = await planDrafts(u, p.workspaceId, parsed, itemPointer(p.bulk), false);
      return {
        items: plan.map((item) => ({ index: item.index, category: item.draft.category, existing: item.existing !== null })),
        // The gateway sends these back to createMany, so each item is parsed once per create.
        drafts: parsed.drafts,
        passwords: parsed.passwords,
      };
    },
    createMany: async (p: QrCommandPayloads['qr.create-many']): Promise<CreationAnswer> => {
      // The drafts this service's plan parsed (the internal bus is ours); an older gateway (a rolling upgrade) sends the items.
      const parsed = p.drafts ? { drafts: p.drafts, errors: [], passwords: p.passwords } : parseItems(checkItems(p.items, p.bulk), itemPointer(p.bulk));
      const plan = await planDrafts(u, p.workspaceId, parsed, itemPointer(p.bulk));
      const outcome = await u.createCodes.execute(p.workspaceId, plan, actorIn(p));
      // A code created just now has no scans to ask redirect-service about.
      const existing = new Set(outcome.results.filter((r) => r.result === 'existing').map((r) => r.record.id));
      const shown = await views(
        outcome.results.map((r) => r.record),
        (r) => existing.has(r.id),
      );
      return {
        results: outcome.results.map((r, i) => ({ index: r.index, result: r.result, category: r.record.category, qr_code: shown[i] })),
        failed_index: outcome.failure?.index ?? null,
      };
    },
  };
}

/**
 * Creation over qr-service's store from outside the service (the admin CLI), with no command bus to
 * redirect-service: each code's `qr.code.created` event is in the outbox with it, and the running
 * service's relay moves it to the event log, from which redirect-service learns the link (within the
 * relay's poll, about a second), as it does after any missed push.
 */
export function storeCreation(db: Database, shortBaseUrl: string): CreationUseCases {
  const codes = new QrCodesRepository(db);
  const references = new ReferencesRepository(db);
  const changes = new CodeChangeLog(new OutboxWriter(db), new CodeHistoryRepository(db));
  return {
    codes,
    references,
    designs: new DesignCheck(shortBaseUrl, new LogosRepository(db), new DesignPresetsRepository(db)),
    createCodes: new CreateQrCodes(db, codes, changes, references, null),
  };
}

/** An older gateway (a rolling upgrade) sends no actor; its changes are recorded as made by an unknown caller. */
export function actorIn(p: { actor?: unknown }): Actor {
  return isActor(p.actor) ? p.actor : UNKNOWN_ACTOR;
}

/** Where an item's fields are in the request: `/items/3` in a bulk, the body itself for a single create. */
function itemPointer(bulk: boolean): (index: number) => string {
  return (i) => (bulk ? `/items/${i}` : '');
}

function checkItems(items: unknown, bulk: boolean): unknown[] {
  const errors = bulk ? fieldErrors(BulkCreateRequest, 'items', items, '/items') : [];
  if (errors.length) throw Errors.validationFailed(errors);
  // A single create is one item: the gateway passes `[body]`.
  if (!Array.isArray(items) || items.length === 0) throw Errors.validationFailed([{ pointer: '', code: 'invalid', detail: 'the body must be a JSON object' }]);
  return items;
}
