import { getOrCreate } from '@qr/domain';
import { type LinkRecord } from './link-record';

interface Waiter {
  resolve: (link: LinkRecord | null) => void;
  reject: (err: unknown) => void;
}

const MAX_CODES_PER_READ = 500;

/**
 * Short-code lookups asked for together are read together: one query per turn of the event loop for
 * every code asked meanwhile, the way scans are committed together. Distributed replicas keep no link
 * cache (a PATCH through the API must show on the very next scan at every replica), so under load each
 * redirect was a round trip to PostgreSQL of its own. Each lookup is still read after it was asked, so
 * it sees every change committed before its request arrived.
 */
export class BatchedLinkLookup {
  private waiting = new Map<string, Waiter[]>();
  private scheduled = false;

  constructor(private readonly read: (shortCodes: string[]) => Promise<LinkRecord[]>) {}

  find(shortCode: string): Promise<LinkRecord | null> {
    return new Promise((resolve, reject) => {
      getOrCreate(this.waiting, shortCode, () => []).push({ resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    this.scheduled = false;
    const codes = [...batch.keys()];
    for (let i = 0; i < codes.length; i += MAX_CODES_PER_READ) {
      const chunk = codes.slice(i, i + MAX_CODES_PER_READ);
      try {
        const found = new Map((await this.read(chunk)).map((link) => [link.route_key, link]));
        for (const code of chunk) for (const w of batch.get(code)!) w.resolve(found.get(code) ?? null);
      } catch (err) {
        for (const code of chunk) for (const w of batch.get(code)!) w.reject(err);
      }
    }
  }
}
