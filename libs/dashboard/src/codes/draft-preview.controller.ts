import { Body, Controller, HttpCode, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { QR_COMMANDS } from '@qr/contracts';
import { CurrentPrincipal, SessionGuard, type SessionPrincipal } from '@qr/identity';
import { DraftPreviewAnswer, DraftPreviewQuery, QrCodeInput, readQueryDeclared } from '@qr/api-contract';
import { COMMAND_BUS, type CommandBus, Operation } from '@qr/platform';

/**
 * The create form's live preview: the body is exactly what POST /qrcodes would get, checked by the
 * same validation (a 422 with the same pointers) and drawn by the same renderer. Nothing is stored.
 * The edit page names its code (`?code_id=`): the GS1 Digital Link path that code holds is its own,
 * not taken.
 */
@Controller('app/api/previews')
@UseGuards(SessionGuard)
export class DraftPreviewController {
  constructor(@Inject(COMMAND_BUS) private readonly bus: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Operation({
    operationId: 'previewDraft',
    summary: 'Draw a code that is not saved',
    tag: 'Codes',
    query: DraftPreviewQuery,
    body: QrCodeInput,
    answers: { '200': { description: 'The drawing', body: DraftPreviewAnswer } },
  })
  preview(@CurrentPrincipal() principal: SessionPrincipal, @Body() item: unknown, @Query() query: Record<string, unknown>) {
    const { code_id: codeId } = readQueryDeclared(DraftPreviewQuery, query);
    return this.bus.send<DraftPreviewAnswer>('qr-service', QR_COMMANDS.renderDraft, {
      workspaceId: principal.workspaceId,
      item: item ?? null,
      ...(codeId !== undefined ? { codeId } : {}),
    });
  }
}
