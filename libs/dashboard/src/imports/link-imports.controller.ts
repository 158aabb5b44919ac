import { Body, Controller, HttpCode, Inject, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { LinkImportOptions, LinkImportReport, readQueryDeclared } from '@qr/api-contract';
import { ApiError } from '@qr/domain';
import { ImportLinksFlow } from '@qr/gateway';
import { actorOf, CurrentPrincipal, SessionGuard, type SessionPrincipal } from '@qr/identity';
import { MAX_EXPORT_BYTES } from '@qr/link-import';
import { Operation } from '@qr/platform';

/** The export file is sent as its bytes: the parser reads the encodings and refuses what it cannot read. */
export const EXPORT_FILE_TYPES = ['application/octet-stream'];
export { MAX_EXPORT_BYTES };

/**
 * The dashboard's link importer (docs/design/switching.md): another shortener's export file as the
 * body, `?format&domain` declared by `LinkImportOptions`. `preview` is the dry run and writes nothing;
 * the import itself answers the same report after writing, from the same plan. The admin CLI's
 * `import links` runs the same `ImportLinksFlow`. Editors and owners, as the CSV import (a write).
 */
@Controller('app/api/link-imports')
@UseGuards(SessionGuard)
export class LinkImportsController {
  constructor(@Inject(ImportLinksFlow) private readonly flow: ImportLinksFlow) {}

  @Post('preview')
  @HttpCode(200)
  @Operation({
    operationId: 'previewLinkImport',
    summary: 'The dry run of another shortener’s export (the file as the body, application/octet-stream); writes nothing',
    tag: 'Codes',
    query: LinkImportOptions,
    answers: {
      '200': { description: 'What the import would do, per record', body: LinkImportReport },
      '415': { problem: 'The body is not application/octet-stream' },
    },
  })
  preview(@CurrentPrincipal() principal: SessionPrincipal, @Query() query: Record<string, unknown>, @Body() body: unknown, @Req() req: Request) {
    return this.run(principal, query, body, req, false);
  }

  @Post()
  @HttpCode(200)
  @Operation({
    operationId: 'importLinks',
    summary: 'Import another shortener’s export (the file as the body, application/octet-stream): the dry run, then its links created',
    tag: 'Codes',
    query: LinkImportOptions,
    answers: {
      '200': { description: 'What was written, with the dry run it came from', body: LinkImportReport },
      '415': { problem: 'The body is not application/octet-stream' },
    },
  })
  create(@CurrentPrincipal() principal: SessionPrincipal, @Query() query: Record<string, unknown>, @Body() body: unknown, @Req() req: Request) {
    return this.run(principal, query, body, req, true);
  }

  private async run(principal: SessionPrincipal, query: Record<string, unknown>, body: unknown, req: Request, write: boolean): Promise<LinkImportReport> {
    const options = readQueryDeclared(LinkImportOptions, query);
    if (!Buffer.isBuffer(body)) {
      throw new ApiError(415, 'unsupported_media_type', 'Unsupported media type', 'Send the export file as application/octet-stream.');
    }
    return this.flow.execute(principal, actorOf(principal, req, 'import'), {
      format: options.format,
      defaultDomain: options.domain ?? null,
      bytes: body,
      write,
    });
  }
}
