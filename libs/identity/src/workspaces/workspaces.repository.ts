import { type PlanName, type Role } from '@qr/domain';
import { type Database, insertOf, readRows, type Tx } from '@qr/persistence';
import { type MemberRecord, type WorkspaceRecord } from './identity-records';

/** A workspace the member belongs to, with their role there (stored only through the member use cases, which check it). */
export type Membership = WorkspaceRecord & { role: Role; member_id: string };

export class WorkspacesRepository {
  constructor(private readonly db: Database) {}

  async insert(tx: Tx, ws: WorkspaceRecord): Promise<void> {
    await tx.query(...insertOf('workspaces', ws));
  }

  async find(id: string): Promise<WorkspaceRecord | null> {
    const [row] = await this.db.query<WorkspaceRecord>('SELECT * FROM workspaces WHERE id = $1', [id]);
    return row ?? null;
  }

  async count(tx: Tx): Promise<number> {
    const { rows } = await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM workspaces');
    return Number(rows[0]?.n ?? 0);
  }

  async setPlan(id: string, plan: PlanName, now: number): Promise<boolean> {
    const { affected } = await this.db.execute('UPDATE workspaces SET plan = $1, updated_at = $2 WHERE id = $3', [plan, now, id]);
    return affected === 1;
  }

  async insertMember(tx: Tx, m: MemberRecord): Promise<void> {
    await tx.query(...insertOf('members', m));
  }

  async listMembers(workspaceId: string): Promise<MemberRecord[]> {
    return this.db.query<MemberRecord>('SELECT * FROM members WHERE workspace_id = $1 ORDER BY created_at, id', [workspaceId]);
  }

  /** The workspaces an email belongs to, oldest membership first, with its role there. */
  async membershipsOf(email: string): Promise<Membership[]> {
    return this.db.query(
      `SELECT w.*, m.role AS role, m.id AS member_id FROM members m JOIN workspaces w ON w.id = m.workspace_id
       WHERE m.email = $1 ORDER BY m.created_at, m.id`,
      [email],
    );
  }

  async setMemberRole(tx: Tx, workspaceId: string, email: string, role: Role): Promise<boolean> {
    return (await tx.query('UPDATE members SET role = $1 WHERE workspace_id = $2 AND email = $3', [role, workspaceId, email])).affected === 1;
  }

  /** The owners' emails, locked until the transaction ends on PostgreSQL (SQLite's one writer is lock enough). */
  async lockOwners(tx: Tx, workspaceId: string): Promise<string[]> {
    const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
    const { rows } = await tx.query<{ email: string }>(`SELECT email FROM members WHERE workspace_id = $1 AND role = 'owner' ORDER BY email${lock}`, [
      workspaceId,
    ]);
    return rows.map((r) => r.email);
  }

  async deleteMember(tx: Tx, workspaceId: string, email: string): Promise<boolean> {
    return (await tx.query('DELETE FROM members WHERE workspace_id = $1 AND email = $2', [workspaceId, email])).affected === 1;
  }

  async findMemberById(workspaceId: string, id: string): Promise<MemberRecord | null> {
    const [row] = await this.db.query<MemberRecord>('SELECT * FROM members WHERE workspace_id = $1 AND id = $2', [workspaceId, id]);
    return row ?? null;
  }

  async findMemberByEmail(workspaceId: string, email: string, tx?: Tx): Promise<MemberRecord | null> {
    const [row] = await readRows<MemberRecord>(this.db, tx, 'SELECT * FROM members WHERE workspace_id = $1 AND email = $2', [workspaceId, email]);
    return row ?? null;
  }
}
