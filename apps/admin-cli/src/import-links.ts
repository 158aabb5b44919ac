import { readFileSync } from 'node:fs';
import { OPERATOR_ACTOR, planOf } from '@qr/domain';
import { creationCommands, linkImportCommands, QR_STORE_SPEC, storeCreation } from '@qr/codes';
import { QR_COMMANDS } from '@qr/contracts';
import { CreateQrCodesFlow, ImportLinksFlow, QuotaRepository } from '@qr/gateway';
import { GATEWAY_STORE_SPEC, WorkspacesRepository } from '@qr/identity';
import { SOURCE_FORMATS, type SourceFormat } from '@qr/link-import';
import { CommandRegistry, InProcessCommandBus, type RuntimeConfig } from '@qr/platform';
import { withStores } from './backup';
import { type CliArgs, requireFlag, UsageError } from './cli-args';

/**
 * `import links`: another shortener's export into a workspace (docs/design/switching.md), through
 * the gateway's `ImportLinksFlow`, the dashboard importer's path too. qr-service's commands are
 * answered in process from its store; the monthly API quota does not apply (no API call is made).
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
  return withStores(config, [GATEWAY_STORE_SPEC, QR_STORE_SPEC], async ([gateway, codes]) => {
    const workspace = await new WorkspacesRepository(gateway).find(workspaceId);
    if (!workspace) throw new UsageError(`--workspace: no workspace ${workspaceId}`);
    // qr-service's commands the import sends, answered in process from its store, as the running service answers them.
    const registry = new CommandRegistry();
    const creation = creationCommands(storeCreation(codes, config.shortBaseUrl), async (records) =>
      records.map((r) => ({ id: r.id, short_code: r.short_code })),
    );
    registry.register(QR_COMMANDS.planCreate, (p) => creation.planCreate(p as Parameters<typeof creation.planCreate>[0]));
    registry.register(QR_COMMANDS.createMany, (p) => creation.createMany(p as Parameters<typeof creation.createMany>[0]));
    for (const [name, handler] of Object.entries(linkImportCommands(codes))) registry.register(name, handler as (p: unknown) => Promise<unknown>);
    const bus = new InProcessCommandBus(registry);
    const quota = new QuotaRepository(gateway);
    const flow = new ImportLinksFlow(bus, quota, new CreateQrCodesFlow(bus, quota));
    const principal = { keyId: null, workspaceId, role: 'owner' as const, plan: planOf(workspace.plan) };
    const { object: _object, ...report } = await flow.execute(principal, OPERATOR_ACTOR, {
      format: format as SourceFormat,
      defaultDomain,
      bytes,
      write: f['dry-run'] !== true,
    });
    return { workspace: workspaceId, ...report };
  });
}
