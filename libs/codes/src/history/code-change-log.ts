import { type EventEnvelope } from '@qr/contracts';
import { type Actor, newId } from '@qr/domain';
import { type Outbox } from '@qr/event-log';
import { type Tx } from '@qr/persistence';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { describeChange } from './code-changes';
import { type CodeHistoryRecord, type CodeHistoryRepository } from './code-history.repository';

/** A code's event, with the code as it was before (null for a create) and after. */
export interface CodeChange {
  event: EventEnvelope;
  before: QrCodeRecord | null;
  after: QrCodeRecord;
}

/**
 * Where every change to a code is written: its event goes to the outbox and its history entry to
 * code_history, in the caller's transaction, so the two always agree (both or neither). The entry
 * carries the event's id and time, and says who made the change and how.
 */
export class CodeChangeLog {
  constructor(
    private readonly outbox: Pick<Outbox, 'add'>,
    private readonly history: CodeHistoryRepository,
  ) {}

  async add(tx: Tx, changes: readonly CodeChange[], actor: Actor): Promise<void> {
    await this.outbox.add(
      tx,
      changes.map((c) => c.event),
    );
    await this.history.insert(
      tx,
      changes.map((c) => historyRecord(c, actor)),
    );
  }
}

function historyRecord(c: CodeChange, actor: Actor): CodeHistoryRecord {
  const { action, changes } = describeChange(c.before, c.after);
  const occurredAt = Date.parse(c.event.occurred_at);
  return {
    id: newId('chg', () => new Date(occurredAt)),
    workspace_id: c.after.workspace_id,
    qr_id: c.after.id,
    revision: c.after.revision,
    event_id: c.event.id,
    action,
    changes: JSON.stringify(changes),
    actor_kind: actor.kind,
    actor_id: actor.id,
    actor_name: actor.name,
    via: actor.via,
    request_id: actor.request_id,
    occurred_at: occurredAt,
  };
}
