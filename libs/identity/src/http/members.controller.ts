import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { type InvitationAnswer, type MembersAnswer } from '@qr/domain';
import { CurrentMember, SessionGuard } from '../access/session-access';
import { type SessionPrincipal } from '../sessions/authenticate-session';
import { Team } from '../team/team';
import { ownerOf } from './owner-only';
import { readInviteBody, readRoleBody } from './team-bodies';

/**
 * The Members page (owners): invite, resend or revoke an invitation, change a role, remove. The
 * rules are the admin CLI's, from the same use cases (Team over Members and IssueSignInLink).
 */
@Controller('app/api/members')
@UseGuards(SessionGuard)
export class MembersController {
  constructor(private readonly team: Team) {}

  @Get()
  async list(@CurrentMember() principal: SessionPrincipal, @Req() req: Request): Promise<MembersAnswer> {
    return { object: 'list', data: await this.team.list(ownerOf(principal, req)), invitations_by: this.team.invitationsBy };
  }

  @Post()
  @HttpCode(201)
  invite(@CurrentMember() principal: SessionPrincipal, @Body() sent: unknown, @Req() req: Request): Promise<InvitationAnswer> {
    const owner = ownerOf(principal, req);
    return this.team.invite(owner, readInviteBody(sent));
  }

  @Patch(':id')
  setRole(@CurrentMember() principal: SessionPrincipal, @Param('id') id: string, @Body() sent: unknown, @Req() req: Request) {
    const owner = ownerOf(principal, req);
    return this.team.setRole(owner, id, readRoleBody(sent).role);
  }

  @Delete(':id')
  remove(@CurrentMember() principal: SessionPrincipal, @Param('id') id: string, @Req() req: Request) {
    return this.team.remove(ownerOf(principal, req), id);
  }

  @Post(':id/invitation')
  @HttpCode(200)
  resend(@CurrentMember() principal: SessionPrincipal, @Param('id') id: string, @Req() req: Request): Promise<InvitationAnswer> {
    return this.team.resend(ownerOf(principal, req), id);
  }

  @Delete(':id/invitation')
  revoke(@CurrentMember() principal: SessionPrincipal, @Param('id') id: string, @Req() req: Request) {
    return this.team.revokeInvitation(ownerOf(principal, req), id);
  }
}
