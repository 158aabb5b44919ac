import { Errors, fieldError, type FieldError } from '@qr/domain';
import { parseQrCodeInput } from './qr-code-input';
import { type QrCodeDraft, type QrCodeRecord } from './qr-code-record';
import { type QrCodesRepository } from './qr-codes.repository';
import { type ReferencesRepository } from './references.repository';
import { newShortCode } from './short-code';
import { domainKeyOf, shortCodeTaken } from './short-code-taken';
import { type Gs1Keys, gs1KeyOf, gs1KeyTaken } from './gs1-keys';
import { type DesignCheck } from '../rendering/design-check';

export interface PlannedItem {
  index: number;
  /** Where this item's fields are in the request (`/items/3`, or '' for a single create). */
  pointer: string;
  draft: QrCodeDraft;
  /** The password as sent (clear text, never stored: the creation hashes it); null without one. */
  password: string | null;
  /** The code this item's client_ref already names: it will be returned unchanged. */
  existing: QrCodeRecord | null;
  /** A dynamic item's short code, drawn here so that its design is checked on the very pattern it will have. */
  shortCode: string | null;
}

/** Short codes a dynamic design is read back on before it is refused as unreadable. */
const MAX_SHORT_CODE_DRAWS = 5;

export type PlanDeps = { codes: QrCodesRepository; references: ReferencesRepository; designs: DesignCheck };

/** Each item's draft (null where its fields are not valid) and the problems of the items that are not. */
export interface ParsedItems {
  drafts: Array<QrCodeDraft | null>;
  /** Each item's password as sent (kept out of the draft: the draft reaches the record, events and history); null without one. */
  passwords?: Array<string | null>;
  errors: FieldError[];
}

/** Each item's fields against the declaration, into the draft it decides. */
export function parseItems(items: readonly unknown[], pointerOf: (index: number) => string): ParsedItems {
  const errors: FieldError[] = [];
  const passwords: Array<string | null> = items.map(() => null);
  const drafts = items.map((item, index) => {
    const parsed = parseQrCodeInput(item, pointerOf(index));
    if (parsed.ok) passwords[index] = parsed.password ?? null;
    if (parsed.ok) return parsed.draft;
    errors.push(...parsed.errors);
    return null;
  });
  return { drafts, errors, passwords };
}

/**
 * Validates a whole batch before anything is written: the items' own problems (parseItems, here or
 * for the plan the gateway was answered) together with what the workspace's data decides, checked
 * again at creation since it can change between the plan and the create: folder and domain
 * references, and client_refs repeated within the batch. Throws one 422 listing every problem
 * (pointers `/items/3/content/url` in bulk, `/content/url` for a single create).
 *
 * `readBack` false leaves out drawing and decoding each design (its other rules still apply): for a
 * plan made only to reserve the dynamic allowance, whose short codes are drawn again when the codes
 * are created, so a read-back here would prove a pattern no code gets.
 *
 * `editing`: the code of the workspace an edit page's preview draws as it would be saved; the GS1
 * Digital Link path it holds itself is not taken.
 */
export async function planDrafts(
  deps: PlanDeps,
  workspaceId: string,
  parsed: ParsedItems,
  pointerOf: (index: number) => string,
  readBack = true,
  editing: string | null = null,
): Promise<PlannedItem[]> {
  const { drafts } = parsed;
  const errors = [...parsed.errors];
  const valid = drafts.filter((d): d is QrCodeDraft => d !== null);
  const [folders, domains] = await Promise.all([
    deps.references.existingFolders(
      workspaceId,
      valid.flatMap((d) => (d.folder_id ? [d.folder_id] : [])),
    ),
    deps.references.verifiedDomains(
      workspaceId,
      valid.flatMap((d) => (d.custom_domain_id ? [d.custom_domain_id] : [])),
    ),
  ]);
  const seenRefs = new Map<string, number>();
  const seenPaths = new Map<string, number>();
  drafts.forEach((d, index) => {
    if (!d) return;
    if (d.folder_id && !folders.has(d.folder_id)) errors.push(fieldError(`${pointerOf(index)}/folder_id`, 'not_found', 'no such folder in this workspace'));
    if (d.custom_domain_id && !domains.has(d.custom_domain_id)) {
      errors.push(fieldError(`${pointerOf(index)}/custom_domain_id`, 'not_found', 'no such verified domain in this workspace'));
    }
    if (d.client_ref !== null) {
      if (seenRefs.has(d.client_ref))
        errors.push(fieldError(`${pointerOf(index)}/client_ref`, 'duplicate', `same client_ref as item ${seenRefs.get(d.client_ref)}`));
      else seenRefs.set(d.client_ref, index);
    }
    if (d.short_code !== null) {
      const key = `${domainKeyOf(d)}\u0000${d.short_code}`;
      if (seenPaths.has(key))
        errors.push(fieldError(`${pointerOf(index)}/short_code`, 'duplicate', `same short_code on the same domain as item ${seenPaths.get(key)}`));
      else seenPaths.set(key, index);
    }
  });
  if (errors.length) throw Errors.validationFailed(errors);
  const existing = new Map((await deps.codes.findByClientRefs(workspaceId, [...seenRefs.keys()])).map((r) => [r.client_ref!, r]));
  const isExisting = (d: QrCodeDraft) => d.client_ref !== null && existing.has(d.client_ref);
  // An item sent again by its client_ref is answered with its code: the URI it holds is its own, not taken.
  errors.push(
    ...(await gs1KeyErrors(
      deps.codes.gs1Keys,
      drafts.map((d) => (isExisting(d!) ? null : d)),
      pointerOf,
      editing,
    )),
  );
  for (const [index, d] of drafts.entries()) errors.push(...(await deps.designs.resolvePreset(workspaceId, d!, pointerOf(index))));
  if (errors.length) throw Errors.validationFailed(errors);
  const shortCodes = drafts.map((d) => (d!.category === 'dynamic' ? (d!.short_code ?? newShortCode()) : null));
  // Every designed item is rendered and decoded before anything is written: a batch stays all or nothing.
  const hostOf = await deps.references.hostLookup(valid.filter((d) => d.design !== null));
  for (const [index, d] of drafts.entries()) {
    if (!d!.design) continue;
    for (let draw = 1; ; draw++) {
      const problems = await deps.designs.problems({ ...d!, workspace_id: workspaceId, short_code: shortCodes[index] }, hostOf(d!), pointerOf(index), readBack);
      // A design at the edge of what reads (the largest logo) reads on most patterns but not on every one,
      // and the server chose the short code: another draw, not a refusal by chance. Static data is the client's.
      if (
        shortCodes[index] === null ||
        d!.short_code !== null ||
        draw === MAX_SHORT_CODE_DRAWS ||
        !problems.length ||
        problems.some((p) => p.code !== 'unreadable')
      ) {
        errors.push(...problems);
        break;
      }
      shortCodes[index] = newShortCode();
    }
  }
  if (errors.length) throw Errors.validationFailed(errors);
  // A chosen back-half another code holds refuses the batch (409), unless the item is that code, sent again by its client_ref.
  const chosen = drafts.flatMap((d, index) => (d!.short_code !== null && !isExisting(d!) ? [{ index, draft: d! }] : []));
  const holders = await deps.codes.findHolders(chosen.map((c) => ({ domainKey: domainKeyOf(c.draft), shortCode: c.draft.short_code! })));
  const taken = chosen.flatMap((c) => {
    const holder = holders.get(`${domainKeyOf(c.draft)}\u0000${c.draft.short_code}`);
    return holder ? [{ pointer: pointerOf(c.index), shortCode: c.draft.short_code!, holder }] : [];
  });
  if (taken.length) throw shortCodeTaken(workspaceId, taken);
  return drafts.map((draft, index) => ({
    index,
    pointer: pointerOf(index),
    draft: draft!,
    password: parsed.passwords?.[index] ?? null,
    existing: draft!.client_ref ? (existing.get(draft!.client_ref) ?? null) : null,
    shortCode: shortCodes[index],
  }));
}

/** gs1 items whose host and path a live code has, or an earlier item of the batch: `taken` at the item's content. */
async function gs1KeyErrors(
  keys: Gs1Keys,
  drafts: ReadonlyArray<QrCodeDraft | null>,
  pointerOf: (index: number) => string,
  editing: string | null,
): Promise<FieldError[]> {
  const wanted = drafts.map((d) => (d ? gs1KeyOf(d) : null));
  const taken = await keys.taken(
    wanted.filter((k) => k !== null),
    editing,
  );
  const seen = new Map<string, number>();
  const errors: FieldError[] = [];
  wanted.forEach((key, index) => {
    if (!key) return;
    const id = `${key.host} ${key.path}`;
    if (taken.has(id)) errors.push(...gs1KeyTaken(pointerOf(index)).errors!);
    else if (seen.has(id))
      errors.push(fieldError(`${pointerOf(index)}/content`, 'duplicate', `same GTIN and qualifiers on the same host as item ${seen.get(id)}`));
    else seen.set(id, index);
  });
  return errors;
}
