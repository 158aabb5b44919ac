import { join } from 'node:path';
import { parseQrCodeInput } from '@qr/codes';
import { type BenchRow, fmt } from './bench-report';
import { brandedDesignInput } from './bench-designs';
import { median, opsPerSecond } from './stats';

const ITEMS = 50;

type Parse = typeof parseQrCodeInput;

/** A bulk as a marketing team sends one: 50 dynamic website codes, each with its name, reference, UTM tags and the branded design. */
function designedBulk(): unknown[] {
  return Array.from({ length: ITEMS }, (_, i) => ({
    type: 'website',
    name: `Poster ${i}`,
    client_ref: `poster-${i}`,
    content: { url: `https://shop.example/products/${i}?ref=poster` },
    utm_source: 'poster',
    utm_campaign: 'spring',
    design: brandedDesignInput('logo_000000000000000000000000'),
  }));
}

/** What the creation checks before it looks anything up: every item's fields, at `/items/i`. */
function validateBulk(parse: Parse, items: readonly unknown[]): void {
  for (let i = 0; i < items.length; i++) {
    const parsed = parse(items[i], `/items/${i}`);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  }
}

/**
 * Validating a bulk of 50 designed codes in the bench's process: the declarations (class-transformer +
 * class-validator) against the hand-written readers of the commit before, which `BENCH_BASELINE` names
 * (a checkout of it, built), alternating in the same run; without it the row has no baseline.
 */
export async function benchValidation(runs = 5): Promise<BenchRow[]> {
  const baselineRoot = process.env.BENCH_BASELINE;
  const baseline = baselineRoot
    ? ((await import(join(baselineRoot, 'dist/libs/codes/src/codes/qr-code-input.js'))) as { parseQrCodeInput: Parse }).parseQrCodeInput
    : null;
  const items = designedBulk();
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let run = 0; run < runs; run++) {
    ours.push(opsPerSecond(() => validateBulk(parseQrCodeInput, items), 1000));
    if (baseline) theirs.push(opsPerSecond(() => validateBulk(baseline, items), 1000));
  }
  const rate = median(ours) * ITEMS;
  const base = baseline ? median(theirs) * ITEMS : null;
  return [
    {
      benchmark: `Validate a bulk of ${ITEMS} designed codes (in process, no I/O)`,
      figure: `${fmt.rate(rate, 'items')}; ${fmt.ms((1000 * ITEMS) / rate)} per bulk`,
      baseline: base === null ? '–' : `the commit before (hand-written readers): ${fmt.rate(base, 'items')}; ${fmt.ms((1000 * ITEMS) / base)} per bulk`,
      ratio: base === null ? null : rate / base,
      note: `median of ${runs} one-second runs, alternating; each item a dynamic website code with name, client_ref, UTM tags and the branded design`,
    },
  ];
}
