import { type Provider } from '@nestjs/common';
import { Counter } from 'prom-client';
import { type PlatformRuntime, type ServiceStore } from '@qr/platform';
import { CreateQrCodes } from '../codes/create-qr-codes';
import { DeleteQrCode } from '../codes/delete-qr-code';
import { QrCodesRepository } from '../codes/qr-codes.repository';
import { RecordedScanCounts } from '../codes/recorded-scan-counts';
import { ReferencesRepository } from '../codes/references.repository';
import { UpdateQrCode } from '../codes/update-qr-code';
import { DomainChanges } from '../domains/domain-changes';
import { CustomDomainsRepository } from '../domains/custom-domains.repository';
import { FolderChanges } from '../folders/folder-changes';
import { FoldersRepository } from '../folders/folders.repository';
import { MoveCodes } from '../folders/move-codes';
import { CodeChangeLog } from '../history/code-change-log';
import { CodeHistoryRepository } from '../history/code-history.repository';
import { LinkSync } from '../links/link-sync';
import { DesignCheck } from '../rendering/design-check';
import { AddLogo } from '../logos/add-logo';
import { LogosRepository } from '../logos/logos.repository';
import { DesignPresetsRepository } from '../presets/design-presets.repository';
import { ChangePresets } from '../presets/change-presets';

/** qr-service's repositories and use cases over its store. */
export type CodesUseCases = ReturnType<typeof codesUseCases>;

export const CODES_USE_CASES = Symbol('CODES_USE_CASES');

export function codesUseCasesProvider(storeToken: symbol, runtime: PlatformRuntime): Provider {
  return { provide: CODES_USE_CASES, inject: [storeToken], useFactory: (store: ServiceStore) => codesUseCases(store, runtime) };
}

function codesUseCases({ db, outbox }: ServiceStore, runtime: PlatformRuntime) {
  const codes = new QrCodesRepository(db);
  const references = new ReferencesRepository(db);
  const folders = new FoldersRepository(db);
  const domains = new CustomDomainsRepository(db);
  const reserved = [runtime.config.publicBaseUrl, runtime.config.shortBaseUrl].map((u) => new URL(u).hostname);
  const links = new LinkSync(runtime.bus, runtime.logger);
  const fallbacks = scanCountFallbacks(runtime);
  const history = new CodeHistoryRepository(db);
  const changes = new CodeChangeLog(outbox!, history);
  const logos = new LogosRepository(db);
  const presets = new DesignPresetsRepository(db);
  const designs = new DesignCheck(runtime.config.shortBaseUrl, logos, presets);
  const scanCounts = new RecordedScanCounts(runtime.bus, runtime.logger, () => fallbacks.inc());
  return {
    db,
    codes,
    scanCounts,
    references,
    folders,
    domains,
    history,
    designs,
    logos,
    presets,
    presetChanges: new ChangePresets(presets, codes, references, designs),
    addLogo: new AddLogo(logos),
    createCodes: new CreateQrCodes(db, codes, changes, references, links),
    updateCode: new UpdateQrCode(db, codes, references, changes, links, designs, scanCounts),
    deleteCode: new DeleteQrCode(db, codes, changes, links),
    folderChanges: new FolderChanges(folders),
    moveCodes: new MoveCodes(db, codes, folders, references, changes, links),
    domainChanges: new DomainChanges(domains, reserved, runtime.config.dnsResolvers),
  };
}

const FALLBACK_METRIC = 'qr_scan_counts_fallback_total';

/** One counter per registry: the module may be wired more than once over one runtime (tests). */
function scanCountFallbacks(runtime: PlatformRuntime): Counter {
  return (
    (runtime.metrics.registry.getSingleMetric(FALLBACK_METRIC) as Counter | undefined) ??
    new Counter({
      name: FALLBACK_METRIC,
      help: 'Reads of codes answered with qr-service’s own scan counts because redirect-service did not give its committed ones in time',
      registers: [runtime.metrics.registry],
    })
  );
}
