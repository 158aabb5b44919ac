import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { OPERATOR_ACTOR, planOf } from '@qr/domain';
import { creationCommands, LinkImportStore, QR_STORE_SPEC, storeCreation } from '@qr/codes';
import { QR_COMMANDS } from '@qr/contracts';
import { CreateQrCodesFlow, QuotaRepository } from '@qr/gateway';
import { GATEWAY_STORE_SPEC, WorkspacesRepository } from '@qr/identity';
import { type ImportedLink, type LinkImportPlan, parseLinkExport, planLinkImport, SOURCE_FORMATS, type SourceFormat } from '@qr/link-import';
import { openDatabase } from '@qr/persistence';
import { CommandRegistry, InProcessCommandBus, type RuntimeConfig } from '@qr/platform';
import { type CliArgs, requireFlag, UsageError } from './cli-args';

/** Items per creation call: the bulk API's batch. Plan limits are checked on the whole import first. */
const BATCH = 50;

/**
 * `import links`: another shortener's export into a workspace (docs/design/switching.md). The dry run
 * (`planLinkImport`) decides per link; without `--dry-run` its `create` links then go through
 * qr-service's creation commands and the gateway's creation flow, as a bulk create does: validated,
 * the dynamic allowance reserved, created. Each link's client_ref is derived from its domain and
 * path, and a link already at that domain and path is `exists`: importing again creates nothing.
 */
export async function importLinks(config: RuntimeConfig, f: CliArgs['flags']): Promise<Record<string, unknown>> {
  const workspaceId = requireFlag(f, 'workspace');
  const format = requireFlag(f, 'format');
  if (!(SOURCE_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${SOURCE_FORMATS.join(', ')}`);
  const file = requireFlag(f, 'file');
  const defaultDomain = f.domain === undefined ? null : requireFlag(f, 'domain').toLowerCase();
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new UsageError(`--file: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const gateway = await openDatabase({
    name: GATEWAY_STORE_SPEC.name,
    storage: config.storage,
    migrations: GATEWAY_STORE_SPEC.migrations,
    runMigrations: true,
  });
  const codes = await openDatabase({ name: QR_STORE_SPEC.name, storage: config.storage, migrations: QR_STORE_SPEC.migrations, runMigrations: true });
  try {
    const workspace = await new WorkspacesRepository(gateway).find(workspaceId);
    if (!workspace) throw new UsageError(`--workspace: no workspace ${workspaceId}`);
    const plan = planOf(workspace.plan);
    const quota = new QuotaRepository(gateway);
    const store = new LinkImportStore(codes);
    const domains = await store.verifiedDomains(workspaceId);
    const existing = await store.pathsOn(workspaceId, domains);
    const parsed = parseLinkExport(bytes);
    if (parsed.format !== null && parsed.format !== format) {
      parsed.fileProblems.push({ code: 'format_mismatch', detail: `The file is ${parsed.format}'s export, not ${format}'s; check --format.` });
    }
    const report = planLinkImport(parsed, {
      defaultDomain,
      domains: new Set(domains.keys()),
      existing: (domain, path) => (existing.has(`${domain}/${path}`) ? { destination: existing.get(`${domain}/${path}`)! } : null),
      plan,
      dynamicCodesUsed: await quota.dynamicUsed(workspaceId),
    });
    const answer = { workspace: workspaceId, format: format as SourceFormat, dry_run: f['dry-run'] === true, ...summary(report) };
    if (answer.dry_run || report.fileProblems.length) return { ...answer, written: false, created: 0, existing: 0 };

    const toCreate = report.records.flatMap((r) => (r.outcome === 'create' ? [r.link!] : []));
    const folders = await store.folderIds(
      workspaceId,
      toCreate.flatMap((l) => l.tags.slice(0, 1)),
    );
    const items = toCreate.map((link) => createItem(link, domains.get(link.domain!)!, folders));
    const registry = new CommandRegistry();
    const creation = creationCommands(storeCreation(codes, config.shortBaseUrl), async (records) =>
      records.map((r) => ({ id: r.id, short_code: r.short_code })),
    );
    registry.register(QR_COMMANDS.planCreate, (p) => creation.planCreate(p as Parameters<typeof creation.planCreate>[0]));
    registry.register(QR_COMMANDS.createMany, (p) => creation.createMany(p as Parameters<typeof creation.createMany>[0]));
    const flow = new CreateQrCodesFlow(new InProcessCommandBus(registry), quota);
    const principal = { keyId: null, workspaceId, role: 'owner' as const, plan };
    let created = 0;
    let found = 0;
    for (let i = 0; i < items.length; i += BATCH) {
      const results = await flow.execute(principal, items.slice(i, i + BATCH), true, OPERATOR_ACTOR);
      created += results.filter((r) => r.result === 'created').length;
      found += results.filter((r) => r.result === 'existing').length;
    }
    return { ...answer, written: true, created, existing: found };
  } finally {
    await codes.close();
    await gateway.close();
  }
}

/** The dry run as the CLI reports it: counts, the allowance, file problems, and each record's outcome with its reasons. */
function summary(report: LinkImportPlan) {
  return {
    detected_format: report.format,
    counts: report.counts,
    allowance: report.allowance,
    file_problems: report.fileProblems,
    records: report.records.map((r) => ({
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
