import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { QR_COMMANDS } from '@qr/contracts';
import { CurrentMember, SessionGuard, type SessionPrincipal } from '@qr/identity';
import { DraftPreviewAnswer, QrCodeInput } from '@qr/api-contract';
import { COMMAND_BUS, type CommandBus, Operation } from '@qr/platform';

/**
 * The create form's live preview: the body is exactly what POST /qrcodes would get, checked by the
 * same validation (a 422 with the same pointers) and drawn by the same renderer. Nothing is stored.
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
    body: QrCodeInput,
    answers: { '200': { description: 'The drawing', body: DraftPreviewAnswer } },
  })
  preview(@CurrentMember() principal: SessionPrincipal, @Body() item: unknown) {
    return this.bus.send<DraftPreviewAnswer>('qr-service', QR_COMMANDS.renderDraft, {
      workspaceId: principal.workspaceId,
      item: item ?? null,
    });
  }
}
