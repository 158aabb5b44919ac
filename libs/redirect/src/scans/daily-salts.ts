import { randomBytes } from 'node:crypto';
import { type Clock, systemClock } from '@qr/domain';
import { type Database } from '@qr/persistence';
import { utcDayOf } from '@qr/analytics-math';

/**
 * One random salt per UTC day, shared by every redirect process through the database, so unique
 * counts agree across replicas. Salts older than two days are deleted: yesterday's visitor hashes can
 * then no longer be linked to today's.
 */
export class DailySalts {
  /** `until`: the first millisecond of the next UTC day, so the hot path compares numbers instead of formatting dates. */
  private cached: { salt: string; until: number } | null = null;
  /** The one earlier day's salt asked for last (yesterday's, for unlock cookies issued then). */
  private previous: { day: string; salt: string } | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  async current(): Promise<string> {
    const now = this.clock();
    if (this.cached && now.getTime() < this.cached.until && now.getTime() >= this.cached.until - 86_400_000) return this.cached.salt;
    const day = utcDayOf(now.getTime());
    const salt = await this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO daily_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [day, randomBytes(32).toString('hex')]);
      await tx.query('DELETE FROM daily_salts WHERE day < $1', [utcDayOf(this.clock().getTime() - 2 * 86_400_000)]);
      return (await tx.query<{ salt: string }>('SELECT salt FROM daily_salts WHERE day = $1', [day])).rows[0].salt;
    });
    this.cached = { salt, until: Date.parse(`${day}T00:00:00Z`) + 86_400_000 };
    return salt;
  }

  /**
   * The salt of `day` when it is still kept (today's or yesterday's), else null. It keys the unlock
   * cookies of password-protected codes: one issued yesterday is checked with yesterday's salt.
   */
  async of(day: string): Promise<string | null> {
    if (day === utcDayOf(this.clock().getTime())) return this.current();
    if (this.previous?.day === day) return this.previous.salt;
    const row = (await this.db.query<{ salt: string }>('SELECT salt FROM daily_salts WHERE day = $1', [day]))[0];
    if (row) this.previous = { day, salt: row.salt };
    return row?.salt ?? null;
  }
}
