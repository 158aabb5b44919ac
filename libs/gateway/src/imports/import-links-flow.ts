import { createHash } from 'node:crypto';
import { type LinkImportReport } from '@qr/api-contract';
import { QR_COMMANDS as QR } from '@qr/contracts';
import { type Actor } from '@qr/domain';
import { type Principal } from '@qr/identity';
import { type ImportedLink, type LinkImportPlan, parseLinkExport, planLinkImport, type SourceFormat } from '@qr/link-import';
import { type CommandBus } from '@qr/platform';
import { type QuotaRepository } from '../access/quota.repository';
import { type CreateQrCodesFlow } from '../qrcodes/create-qr-codes-flow';

/** Items per creation call: the bulk API's batch. Plan limits are checked on the whole import first. */
const BATCH = 50;

export interface LinkImportRequest {
  /** The product the member or operator says the file comes from; a file of another product is refused whole. */
  format: SourceFormat;
  /** The domain (hostname) of links whose export names none, or null. */
  defaultDomain: string | null;
  bytes: Uint8Array;
  /** false: the dry run only. */
  write: boolean;
}

interface Targets {
  domains: Array<{ hostname: string; id: string }>;
  paths: Array<{ where: string; destination: string }>;
}

/**
 * Another shortener's export into a workspace (docs/design/switching.md): the one path the admin
 * CLI's `import links` and the dashboard's importer share. The dry run (`planLinkImport`) decides
 * per link against what qr-service says the workspace has; when writing, its `create` links go
 * through the creation flow bulk creation uses (validated, the dynamic allowance reserved, created),
 * 50 at a time. Each link's client_ref is derived from its domain and path, and a link already at
 * that domain and path is `exists`: importing again creates nothing.
 */
export class ImportLinksFlow {
  constructor(
    private readonly bus: CommandBus,
    private readonly quota: QuotaRepository,
    private readonly create: CreateQrCodesFlow,
  ) {}

  async execute(principal: Principal, actor: Actor, request: LinkImportRequest): Promise<LinkImportReport> {
    const { workspaceId } = principal;
    const targets = await this.bus.send<Targets>('qr-service', QR.linkImportTargets, { workspaceId });
    const domainIds = new Map(targets.domains.map((d) => [d.hostname, d.id]));
    const existing = new Map(targets.paths.map((p) => [p.where, p.destination]));
    const parsed = parseLinkExport(request.bytes);
    if (parsed.format !== null && parsed.format !== request.format) {
      parsed.fileProblems.push({
        code: 'format_mismatch',
        detail: `The file is ${parsed.format}'s export, not ${request.format}'s; check the product you chose.`,
      });
    }
    const plan = planLinkImport(parsed, {
      defaultDomain: request.defaultDomain,
      domains: new Set(domainIds.keys()),
      existing: (domain, path) => {
        const destination = existing.get(`${domain}/${path}`);
        return destination === undefined ? null : { destination };
      },
      plan: principal.plan,
      dynamicCodesUsed: await this.quota.dynamicUsed(workspaceId),
    });
    const report = reportOf(plan, request.format, !request.write);
    if (!request.write || plan.fileProblems.length) return report;

    const toCreate = plan.records.flatMap((r) => (r.outcome === 'create' ? [r.link!] : []));
    const names = [...new Set(toCreate.flatMap((l) => l.tags.slice(0, 1)))];
    const folders = names.length
      ? new Map(
          (await this.bus.send<Array<{ name: string; id: string }>>('qr-service', QR.linkImportFolders, { workspaceId, names })).map((f) => [f.name, f.id]),
        )
      : new Map<string, string>();
    const items = toCreate.map((link) => createItem(link, domainIds.get(link.domain!)!, folders));
    for (let i = 0; i < items.length; i += BATCH) {
      const results = await this.create.execute(principal, items.slice(i, i + BATCH), true, actor);
      report.created += results.filter((r) => r.result === 'created').length;
      report.existing += results.filter((r) => r.result === 'existing').length;
    }
    report.written = true;
    return report;
  }
}

/** The dry run as both the admin CLI and the dashboard report it, and what was written. */
function reportOf(plan: LinkImportPlan, format: SourceFormat, dryRun: boolean): LinkImportReport {
  return {
    object: 'link_import' as const,
    format,
    detected_format: plan.format,
    dry_run: dryRun,
    written: false,
    created: 0,
    existing: 0,
    counts: plan.counts,
    allowance: plan.allowance,
    file_problems: plan.fileProblems,
    records: plan.records.map((r) => ({
      record: r.record,
      line: r.line,
      outcome: r.outcome,
      domain: r.link?.domain ?? null,
      path: r.link?.path ?? null,
      destination: r.link?.destination ?? null,
      title: r.link?.title ?? null,
      folder: r.link?.tags[0] ?? null,
      expires_at: r.link?.expires_at ?? null,
      visit_limit: r.link?.visit_limit ?? null,
      reasons: r.reasons,
      warnings: r.warnings,
    })),
  };
}

/**
 * The bulk-create item of a link: a dynamic website code at the link's domain and path, its title as
 * the name, its first tag as the folder, its expiry as `end_at` and its visit limit as `scan_limit`.
 */
function createItem(link: ImportedLink, domainId: string, folders: ReadonlyMap<string, string>): Record<string, unknown> {
  const where = `${link.domain}/${link.path}`;
  return {
    type: 'website',
    category: 'dynamic',
    name: (link.title ?? where).slice(0, 200),
    content: { url: link.destination },
    short_code: link.path,
    custom_domain_id: domainId,
    client_ref: importRef(where),
    folder_id: link.tags.length ? (folders.get(link.tags[0]) ?? null) : null,
    end_at: link.expires_at,
    scan_limit: link.visit_limit,
  };
}

/** `import:<domain>/<path>`, or its SHA-256 when that is longer than a client_ref may be (200). */
export function importRef(where: string): string {
  const ref = `import:${where}`;
  return ref.length <= 200 ? ref : `import:sha256:${createHash('sha256').update(where).digest('hex')}`;
}
