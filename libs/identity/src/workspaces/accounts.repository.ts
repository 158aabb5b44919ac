import { type Database, type Tx } from '@qr/persistence';
import { type AccountRecord } from './identity-records';

export class AccountsRepository {
  constructor(private readonly db: Database) {}

  async find(email: string): Promise<AccountRecord | null> {
    const [row] = await this.db.query<AccountRecord>('SELECT * FROM accounts WHERE email = $1', [email]);
    return row ?? null;
  }

  /** Creates the account or replaces its password. */
  async setPassword(tx: Tx, email: string, passwordHash: string, now: number): Promise<void> {
    await tx.query(
      `INSERT INTO accounts (email, password_hash, password_changed_at, created_at, updated_at) VALUES ($1, $2, $3, $3, $3)
       ON CONFLICT (email) DO UPDATE SET password_hash = $2, password_changed_at = $3, updated_at = $3`,
      [email, passwordHash, now],
    );
  }

  /** A rehash at sign-in: only if the password is still the one that was verified. */
  async replaceHash(email: string, oldHash: string, newHash: string, now: number): Promise<void> {
    await this.db.execute('UPDATE accounts SET password_hash = $1, updated_at = $2 WHERE email = $3 AND password_hash = $4', [newHash, now, email, oldHash]);
  }
}
