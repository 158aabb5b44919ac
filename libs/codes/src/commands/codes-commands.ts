import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiError, Errors, fieldError, systemClock } from '@qr/domain';
import { type LogoImage } from '@qr/qr-design';
import { logoView } from '../logos/logos.repository';
import { presetView } from '../presets/design-presets.repository';
import { CommandRegistry, RUNTIME_CONFIG, type RuntimeConfig } from '@qr/platform';
import { liveDynamicCounts } from '../codes/live-dynamic-counts';
import { linkImportCommands } from '../imports/link-import-commands';
import { page, parseListQuery } from '../codes/list-query';
import { parseItems, planDrafts } from '../codes/plan-creation';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { qrCodeView, shortUrlOf } from '../codes/qr-code-view';
import { domainView } from '../domains/domain-view';
import { folderView } from '../folders/folder-changes';
import { codeHistoryPage } from '../history/history-view';
import { type ImageOptions, parseImageOptions } from '../rendering/image-options';
import { CodeImages, etagListHas } from '../rendering/code-images';
import { payloadOf, renderDraftSvg } from '../rendering/render-image';
import { CODES_USE_CASES, type CodesUseCases } from './codes-use-cases';
import { actorIn, creationCommands } from './creation-commands';
import { QR_COMMANDS } from '@qr/contracts';
import { type QrCommandPayloads } from './qr-commands';

/** qr-service's commands: each maps its payload to one use case and shapes the answer. */
@Injectable()
export class CodesCommands implements OnModuleInit {
  private readonly images: CodeImages;

  constructor(
    private readonly registry: CommandRegistry,
    @Inject(CODES_USE_CASES) private readonly u: CodesUseCases,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {
    this.images = new CodeImages(config.imageCacheBytes);
  }

  onModuleInit(): void {
    const creation = creationCommands(this.u, (records, recorded) => this.views(records, recorded));
    const handlers: { [K in keyof QrCommandPayloads]: (p: QrCommandPayloads[K]) => Promise<unknown> } = {
      [QR_COMMANDS.planCreate]: creation.planCreate,
      [QR_COMMANDS.createMany]: creation.createMany,
      [QR_COMMANDS.get]: async (p) => (await this.views([await this.mustFind(p.workspaceId, p.id)]))[0],
      [QR_COMMANDS.list]: async (p) => {
        const q = parseListQuery(p.query, true);
        const rows = await this.u.codes.list(p.workspaceId, q.filters, q.beforeId, q.limit + 1);
        const listed = page(rows, q.limit, (r) => r);
        return { ...listed, data: await this.views(listed.data) };
      },
      [QR_COMMANDS.update]: async (p) => (await this.views([await this.u.updateCode.execute(p.workspaceId, p.id, p.patch, actorIn(p))]))[0],
      [QR_COMMANDS.delete]: (p) => this.u.deleteCode.execute(p.workspaceId, p.id, actorIn(p)),
      [QR_COMMANDS.history]: (p) => codeHistoryPage(this.u.history, p.workspaceId, p.id, p.query),
      [QR_COMMANDS.image]: async (p) => {
        const options = parseImageOptions(p.query);
        return this.image(await this.mustFind(p.workspaceId, p.id), options, p.ifNoneMatch);
      },
      [QR_COMMANDS.preview]: async (p) => {
        const record = typeof p.token === 'string' && /^[0-9A-Za-z]{32}$/.test(p.token) ? await this.u.codes.findByPreviewToken(p.token) : null;
        if (!record) throw Errors.notFound('preview');
        return this.image(record, { format: 'svg', size: null, margin: null, ecc: 'M' }, p.ifNoneMatch);
      },
      [QR_COMMANDS.renderDraft]: async (p) => {
        const editing = typeof p.codeId === 'string' ? (await this.mustFind(p.workspaceId, p.codeId)).id : null;
        const [item] = await planDrafts(
          this.u,
          p.workspaceId,
          parseItems([p.item], () => ''),
          () => '',
          true,
          editing,
        );
        const host = (await this.u.references.hostLookup([item.draft]))(item.draft);
        return {
          svg: renderDraftSvg(item.draft, this.config.shortBaseUrl, host, await this.logoOf({ ...item.draft, workspace_id: p.workspaceId })),
          existing: item.existing ? { id: item.existing.id, name: item.existing.name } : null,
        };
      },
      [QR_COMMANDS.sheetCodes]: (p) => this.sheetCodes(p),
      [QR_COMMANDS.liveDynamicCounts]: (p) => liveDynamicCounts(this.u.db, p),
      ...linkImportCommands(this.u.db),
      [QR_COMMANDS.createFolder]: async (p) => folderView(await this.u.folderChanges.create(p.workspaceId, p.body)),
      [QR_COMMANDS.renameFolder]: async (p) => folderView(await this.u.folderChanges.rename(p.workspaceId, p.id, p.body)),
      [QR_COMMANDS.deleteFolder]: async (p) => ({
        id: p.id,
        object: 'folder',
        deleted: true,
        ...(await this.u.moveCodes.deleteFolder(p.workspaceId, p.id, actorIn(p))),
      }),
      [QR_COMMANDS.moveCodes]: async (p) => ({ object: 'qr_code_move', ...(await this.u.moveCodes.execute(p.workspaceId, p.body, actorIn(p))) }),
      [QR_COMMANDS.listFolders]: async (p) => {
        const q = parseListQuery(p.query, false);
        return page(await this.u.folders.list(p.workspaceId, q.beforeId, q.limit + 1), q.limit, folderView);
      },
      [QR_COMMANDS.createDomain]: async (p) => domainView(await this.u.domainChanges.create(p.workspaceId, p.body)),
      [QR_COMMANDS.listDomains]: async (p) => {
        const q = parseListQuery(p.query, false);
        return page(await this.u.domains.list(p.workspaceId, q.beforeId, q.limit + 1), q.limit, domainView);
      },
      [QR_COMMANDS.verifyDomain]: async (p) => domainView(await this.u.domainChanges.verify(p.workspaceId, p.id)),
      [QR_COMMANDS.createPreset]: (p) => this.u.presetChanges.create(p.workspaceId, p.body),
      [QR_COMMANDS.listPresets]: async (p) => ({ object: 'list', data: (await this.u.presets.list(p.workspaceId)).map(presetView) }),
      [QR_COMMANDS.getPreset]: async (p) => presetView(await this.u.presetChanges.mustFind(p.workspaceId, p.id)),
      [QR_COMMANDS.updatePreset]: (p) => this.u.presetChanges.update(p.workspaceId, p.id, p.body),
      [QR_COMMANDS.deletePreset]: (p) => this.u.presetChanges.delete(p.workspaceId, p.id),
      [QR_COMMANDS.createLogo]: (p) => this.u.addLogo.execute(p),
      [QR_COMMANDS.listLogos]: async (p) => ({ object: 'list', data: (await this.u.logos.list(p.workspaceId)).map(logoView) }),
      [QR_COMMANDS.getLogo]: async (p) => logoView(await this.mustFindLogo(p.workspaceId, p.id)),
      [QR_COMMANDS.logoImage]: async (p) => {
        const logo = await this.mustFindLogo(p.workspaceId, p.id);
        // A logo never changes: its id is its ETag.
        const etag = `"${logo.id}"`;
        if (typeof p.ifNoneMatch === 'string' && etagListHas(p.ifNoneMatch, etag)) return { etag, notModified: true };
        return { contentType: 'image/png', bodyBase64: logo.png_base64, filename: `${logo.id}.png`, etag };
      },
      [QR_COMMANDS.deleteLogo]: async (p) => {
        await this.mustFindLogo(p.workspaceId, p.id);
        const { codes, presets } = await this.u.logos.usedBy(p.workspaceId, p.id);
        if (codes + presets > 0) {
          const users = [codes ? `${codes} code${codes === 1 ? '' : 's'}` : '', presets ? `${presets} brand preset${presets === 1 ? '' : 's'}` : ''].filter(
            Boolean,
          );
          throw new ApiError(409, 'logo_in_use', 'Logo in use', `${users.join(' and ')} show this logo; change their design first.`);
        }
        await this.u.logos.delete(p.workspaceId, p.id);
        return { id: p.id, object: 'logo', deleted: true };
      },
    };
    for (const [name, handler] of Object.entries(handlers)) this.registry.register(name, handler as (p: unknown) => Promise<unknown>);
  }

  /**
   * What a print sheet needs of each code: the text its pattern encodes and its label texts. A
   * selection comes back whole, each code once, in creation order (an id not in the workspace is a
   * 422 at its pointer in the list sent); a folder, a page at a time in creation order, with its total
   * on the first page.
   */
  private async sheetCodes(p: QrCommandPayloads['qr.sheet-codes']) {
    const limit = Math.min(Math.max(Number(p.limit) || 200, 1), 1000);
    let records: QrCodeRecord[];
    let total: number | null = null;
    if (Array.isArray(p.ids)) {
      const ids = p.ids.filter((id): id is string => typeof id === 'string');
      records = await this.u.codes.findMany(p.workspaceId, [...new Set(ids)]);
      const found = new Set(records.map((r) => r.id));
      const missing = ids.flatMap((id, i) => (found.has(id) ? [] : [fieldError(`/code_ids/${i}`, 'not_found', 'no such code in this workspace')]));
      if (missing.length) throw Errors.validationFailed(missing);
      total = records.length;
    } else {
      const folderId = String(p.folderId);
      if (!p.afterId) {
        if (!(await this.u.references.existingFolders(p.workspaceId, [folderId])).size)
          throw Errors.validationFailed([{ pointer: '/folder_id', code: 'not_found', detail: 'no such folder in this workspace' }]);
        total = await this.u.codes.countInFolder(p.workspaceId, folderId);
      }
      records = await this.u.codes.listFolderAscending(p.workspaceId, folderId, p.afterId ?? null, limit);
    }
    const hostOf = await this.u.references.hostLookup(records);
    const codes = records.map((r) => {
      const host = hostOf(r);
      return {
        id: r.id,
        name: r.name,
        client_ref: r.client_ref,
        short_url: shortUrlOf(r, this.config.shortBaseUrl, host),
        payload: payloadOf(r, this.config.shortBaseUrl, host),
        design: r.design,
      };
    });
    const more = !Array.isArray(p.ids) && records.length === limit;
    return { total, codes, next_after: more ? records[records.length - 1].id : null };
  }

  private async mustFindLogo(workspaceId: string, id: string) {
    const logo = typeof id === 'string' ? await this.u.logos.find(workspaceId, id) : null;
    if (!logo) throw Errors.notFound('logo');
    return logo;
  }

  /** The pixels of the logo a code's design shows, if it has one. */
  private async logoOf(record: Pick<QrCodeRecord, 'design' | 'workspace_id'>): Promise<LogoImage | null> {
    const id = record.design?.logo?.id;
    return id ? ((await this.u.logos.images(record.workspace_id, [id])).get(id) ?? null) : null;
  }

  private async mustFind(workspaceId: string, id: string): Promise<QrCodeRecord> {
    const record = typeof id === 'string' ? await this.u.codes.find(workspaceId, id) : null;
    if (!record) throw Errors.notFound('QR code');
    return record;
  }

  private async image(record: QrCodeRecord, options: ImageOptions, ifNoneMatch: unknown) {
    const payload = payloadOf(record, this.config.shortBaseUrl, (await this.u.references.hostLookup([record]))(record));
    return this.images.answer(record, payload, options, ifNoneMatch, (r) => this.logoOf(r));
  }

  private async views(given: QrCodeRecord[], recorded?: (r: QrCodeRecord) => boolean) {
    const records = await this.u.scanCounts.apply(given, recorded);
    const hostOf = await this.u.references.hostLookup(records);
    const now = systemClock();
    return records.map((r) =>
      qrCodeView(r, {
        shortBaseUrl: this.config.shortBaseUrl,
        publicBaseUrl: this.config.publicBaseUrl,
        domainHost: hostOf(r),
        now,
      }),
    );
  }
}
