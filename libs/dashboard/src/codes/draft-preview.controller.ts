import { Body, Controller, HttpCode, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { QR_COMMANDS } from '@qr/contracts';
import { CurrentMember, SessionGuard, type SessionPrincipal } from '@qr/identity';
import { COMMAND_BUS, type CommandBus } from '@qr/platform';

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
  preview(@CurrentMember() principal: SessionPrincipal, @Body() item: unknown, @Query('code_id') codeId: unknown) {
    return this.bus.send<{ svg: string; existing: { id: string; name: string } | null }>('qr-service', QR_COMMANDS.renderDraft, {
      workspaceId: principal.workspaceId,
      item: item ?? null,
      ...(typeof codeId === 'string' ? { codeId } : {}),
    });
  }
}
