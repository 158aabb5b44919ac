import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { InvitationAnswer, InvitationRevoked, InviteInput, MemberRemoved, MembersAnswer, readDeclared, RoleChanged, RoleInput } from '@qr/api-contract';
import { Operation } from '@qr/platform';
import { SessionGuard } from '../access/session-access';
import { Team, type TeamOwner } from '../team/team';
import { CurrentOwner } from './owner-only';

/**
 * The Members page (owners): invite, resend or revoke an invitation, change a role, remove. The
 * rules are the admin CLI's, from the same use cases (Team over Members and IssueSignInLink).
 */
@Controller('app/api/members')
@UseGuards(SessionGuard)
export class MembersController {
  constructor(private readonly team: Team) {}

  @Get()
  @Operation({
    operationId: 'listMembers',
    summary: 'The members and pending invitations',
    tag: 'Members',
    answers: { '200': { description: 'The members', body: MembersAnswer } },
  })
  async list(@CurrentOwner() owner: TeamOwner): Promise<MembersAnswer> {
    return { object: 'list', data: await this.team.list(owner), invitations_by: this.team.invitationsBy };
  }

  @Post()
  @HttpCode(201)
  @Operation({
    operationId: 'inviteMember',
    summary: 'Invite a person by email',
    tag: 'Members',
    body: InviteInput,
    answers: { '201': { description: 'Invited', body: InvitationAnswer } },
  })
  invite(@CurrentOwner() owner: TeamOwner, @Body() sent: unknown): Promise<InvitationAnswer> {
    return this.team.invite(owner, readDeclared(InviteInput, sent));
  }

  @Patch(':id')
  @Operation({
    operationId: 'setMemberRole',
    summary: 'Change a member’s role',
    tag: 'Members',
    body: RoleInput,
    answers: { '200': { description: 'Changed', body: RoleChanged } },
  })
  setRole(@CurrentOwner() owner: TeamOwner, @Param('id') id: string, @Body() sent: unknown) {
    return this.team.setRole(owner, id, readDeclared(RoleInput, sent).role);
  }

  @Delete(':id')
  @Operation({ operationId: 'removeMember', summary: 'Remove a member', tag: 'Members', answers: { '200': { description: 'Removed', body: MemberRemoved } } })
  remove(@CurrentOwner() owner: TeamOwner, @Param('id') id: string) {
    return this.team.remove(owner, id);
  }

  @Post(':id/invitation')
  @HttpCode(200)
  @Operation({
    operationId: 'resendInvitation',
    summary: 'Send a new invitation link',
    tag: 'Members',
    answers: { '200': { description: 'Sent again', body: InvitationAnswer } },
  })
  resend(@CurrentOwner() owner: TeamOwner, @Param('id') id: string): Promise<InvitationAnswer> {
    return this.team.resend(owner, id);
  }

  @Delete(':id/invitation')
  @Operation({
    operationId: 'revokeInvitation',
    summary: 'Revoke an invitation',
    tag: 'Members',
    answers: { '200': { description: 'Revoked', body: InvitationRevoked } },
  })
  revoke(@CurrentOwner() owner: TeamOwner, @Param('id') id: string) {
    return this.team.revokeInvitation(owner, id);
  }
}
