import { checkOptionalName, type FieldError, type Plan, startsLikeFormula } from '@qr/domain';
import { CONTENT_LIMITS, validateBackHalf, validateHttpUrl } from '@qr/qr-content';
import { type ImportedLink, type ImportedLinkFields, type ImportNote, type ParsedExport, type SourceFormat } from './imported-link';

/** What the dry run says of one link: it will be created, it is there already, or it cannot be imported. */
export type PlanOutcome = 'create' | 'exists' | 'refused';

export interface PlannedRecord {
  record: number;
  line: number | null;
  outcome: PlanOutcome;
  /** The link as it would be created (its domain filled in), or as far as it could be read; null when unreadable. */
  link: ImportedLink | null;
  /** Why it cannot be imported (`refused`); empty otherwise. */
  reasons: ImportNote[];
  warnings: ImportNote[];
}

/** What the workspace brings to the dry run. */
export interface PlanContext {
  /** The domain of links whose export names none (YOURLS; Shlink's and Kutt's default domain), or null. */
  defaultDomain: string | null;
  /** Domains this workspace serves (verified and active), lowercase: links on any other are refused. */
  domains: ReadonlySet<string>;
  /** The code at (domain, path) in this workspace now, or null; paths compare with case. */
  existing(domain: string, path: string): { destination: string } | null;
  plan: Plan;
  /** Dynamic codes the workspace has now (against `plan.dynamicCodes`). */
  dynamicCodesUsed: number;
}

export interface LinkImportPlan {
  format: SourceFormat | null;
  records: PlannedRecord[];
  counts: Record<PlanOutcome, number>;
  /** Dynamic codes the import needs against what the plan has left (null: no cap). */
  allowance: { needed: number; remaining: number | null };
  /** Problems that stop the whole import (an unreadable file, the plan's allowance); nothing is written while there is one. */
  fileProblems: ImportNote[];
}

/**
 * The dry run of an import: per link, whether it will be created, already exists (same domain
 * and path) or cannot be imported, with the reasons; nothing is written. Within the file the
 * first link at a domain and path wins, later ones are refused as duplicates. Like bulk creation,
 * an import that needs more dynamic codes than the plan has left is refused as a whole.
 *
 * @example
 * planLinkImport(parseLinkExport(file), { defaultDomain: 'go.example', domains: new Set(['go.example']), existing: () => null, plan: PLANS.pro, dynamicCodesUsed: 10 })
 * // { counts: { create: 12, exists: 0, refused: 1 }, records: [...], allowance: { needed: 12, remaining: 290 }, fileProblems: [] }
 */
export function planLinkImport(parsed: ParsedExport, context: PlanContext): LinkImportPlan {
  const records: PlannedRecord[] = parsed.unreadable.map(({ record, line, problems }) => ({
    record,
    line,
    outcome: 'refused',
    link: null,
    reasons: problems,
    warnings: [],
  }));
  const firstAt = new Map<string, number>();
  for (const link of parsed.links) records.push(planOne(link, context, firstAt));
  records.sort((a, b) => a.record - b.record);

  const counts = { create: 0, exists: 0, refused: 0 };
  for (const r of records) counts[r.outcome] += 1;
  const cap = context.plan.dynamicCodes;
  const remaining = cap === null ? null : Math.max(0, cap - context.dynamicCodesUsed);
  const fileProblems = [...parsed.fileProblems];
  if (remaining !== null && counts.create > remaining) {
    fileProblems.push({
      code: 'dynamic_allowance_exceeded',
      detail: `The import creates ${counts.create} dynamic codes and the ${context.plan.name} plan has ${remaining} left of ${cap}; delete some codes, upgrade, or import fewer links.`,
    });
  }
  return { format: parsed.format, records, counts, allowance: { needed: counts.create, remaining }, fileProblems };
}

function planOne(source: ImportedLink, context: PlanContext, firstAt: Map<string, number>): PlannedRecord {
  const link: ImportedLink = { ...source, domain: source.domain ?? context.defaultDomain?.toLowerCase() ?? null };
  const reasons = [...domainProblems(link.domain, context), ...fieldProblems(link)];
  const planned = (outcome: PlanOutcome, why: ImportNote[] = []): PlannedRecord => ({
    record: link.record,
    line: link.line,
    outcome,
    link,
    reasons: why,
    warnings: [...link.warnings, ...formulaWarnings(link), ...tagWarnings(link)],
  });
  if (reasons.length) return planned('refused', reasons);

  const key = `${link.domain}\u0000${link.path}`;
  const first = firstAt.get(key);
  if (first !== undefined) {
    return planned('refused', [{ code: 'duplicate', field: 'path', detail: `Record ${first} of this file already has ${link.domain}/${link.path}.` }]);
  }
  firstAt.set(key, link.record);

  const existing = context.existing(link.domain!, link.path);
  if (!existing) return planned('create');
  const result = planned('exists');
  if (existing.destination !== link.destination) {
    result.warnings.push({
      code: 'exists_elsewhere',
      field: 'destination',
      detail: `${link.domain}/${link.path} exists here already and goes to another destination; it is left as it is.`,
    });
  }
  return result;
}

function domainProblems(domain: string | null, context: PlanContext): ImportNote[] {
  if (domain === null) {
    return [{ code: 'no_domain', field: 'domain', detail: 'The export does not say which domain this link was on: choose the domain to import it to.' }];
  }
  if (!context.domains.has(domain)) {
    return [{ code: 'domain_not_verified', field: 'domain', detail: `${domain} is not a verified domain of this workspace: add and verify it first.` }];
  }
  return [];
}

function fieldProblems(link: ImportedLink): ImportNote[] {
  const errors: FieldError[] = [
    ...validateBackHalf(link.path, '/path'),
    ...validateHttpUrl(link.destination, '/destination'),
    ...checkOptionalName(link.title, '/title', CONTENT_LIMITS.name),
    // Only the first tag becomes a folder (a code sits in one); the others are not kept, so not judged.
    ...(link.tags.length ? checkOptionalName(link.tags[0], '/tags/0', CONTENT_LIMITS.name) : []),
  ];
  return errors.map((e) => {
    const field = e.pointer.split('/')[1] as keyof ImportedLinkFields;
    return { code: e.code, field, detail: `${FIELD_NAMES[field]}: ${e.detail}` };
  });
}

const FIELD_NAMES: Record<keyof ImportedLinkFields, string> = {
  domain: 'Domain',
  path: 'Back-half',
  destination: 'Destination',
  tags: 'Tag',
  expires_at: 'Expiry',
  visit_limit: 'Visit limit',
  title: 'Title',
};

/** A code sits in one folder: the first tag is it, and the dry run says which tags are left behind. */
function tagWarnings(link: ImportedLink): ImportNote[] {
  if (link.tags.length < 2) return [];
  const rest = link.tags
    .slice(1)
    .map((t) => JSON.stringify(t.slice(0, 80)))
    .join(', ');
  return [
    {
      code: 'tags_not_kept',
      field: 'tags',
      detail: `A code sits in one folder: this one goes into ${JSON.stringify(link.tags[0].slice(0, 80))}; ${rest} are not kept.`,
    },
  ];
}

/**
 * Text that a spreadsheet would run as a formula is kept as text (it is only data here, and our
 * CSV exports put a `'` before it); the warning lets a person see it before importing.
 */
function formulaWarnings(link: ImportedLink): ImportNote[] {
  const cells: Array<[keyof ImportedLinkFields, string]> = [
    ...(link.title ? [['title', link.title] as [keyof ImportedLinkFields, string]] : []),
    ...link.tags.map((t) => ['tags', t] as [keyof ImportedLinkFields, string]),
  ];
  return cells
    .filter(([, text]) => startsLikeFormula(text))
    .map(([field]) => ({
      code: 'formula_like',
      field,
      detail: `${FIELD_NAMES[field]} starts with a character spreadsheets read as a formula; it is kept as text, and our exports write it with a leading '.`,
    }));
}
