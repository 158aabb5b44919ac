import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AnyRole, CurrentMember, SessionGuard } from '../access/session-access';
import { AuthenticateSession, type SessionPrincipal } from '../sessions/authenticate-session';
import { CurrentSession } from '../sessions/current-session';
import { Passwords } from '../sessions/passwords';
import { RedeemSignInLink } from '../sessions/redeem-sign-in-link';
import { SignIn } from '../sessions/sign-in';
import { ForgotPassword } from '../team/forgot-password';
import { formatUtc, type MeAnswer, type SignedOutAnswer } from '@qr/domain';
import { csrfTokenFor } from '@qr/session-rules';
import { meView } from './me-view';
import { SessionCookies } from './session-cookies';
import { readForgotPasswordBody } from './team-bodies';
import { readChangePasswordBody, readRedeemLinkBody, readSignInBody, readSwitchWorkspaceBody, readTokenBody } from './session-bodies';

/**
 * Signing in and out of the dashboard, sign-in links, and the member's own account. Each handler
 * parses, calls one gateway use case, and shapes the answer; the rules live in the use cases.
 */
@Controller('app/api')
export class SessionController {
  constructor(
    private readonly signIn: SignIn,
    private readonly authenticate: AuthenticateSession,
    private readonly current: CurrentSession,
    private readonly links: RedeemSignInLink,
    private readonly passwords: Passwords,
    private readonly forgot: ForgotPassword,
    @Inject(SessionCookies) private readonly cookies: SessionCookies,
  ) {}

  /** Who is signed in, or `{signed_in: false}` with the CSRF token the sign-in form needs. */
  @Get('session')
  async session(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MeAnswer | SignedOutAnswer> {
    const token = this.cookies.sessionToken(req);
    const principal = token ? await this.authenticate.execute(token).catch(() => null) : null;
    if (!principal || !token) {
      if (token) this.cookies.clearSession(req, res);
      return this.signedOut(req, res);
    }
    return meView(principal, await this.current.memberships(principal), csrfTokenFor(token));
  }

  @Post('session')
  @HttpCode(200)
  async create(@Body() sent: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const body = readSignInBody(sent);
    this.cookies.checkPresessionCsrf(req);
    const started = await this.signIn.execute({
      email: body.email,
      password: body.password,
      clientAddress: req.ip ?? '',
      userAgent: req.headers['user-agent'],
    });
    return this.startedSession(req, res, started.token);
  }

  @Delete('session')
  @UseGuards(SessionGuard)
  @AnyRole()
  async destroy(@CurrentMember() principal: SessionPrincipal, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.current.signOut(principal);
    this.cookies.clearSession(req, res);
    return this.signedOut(req, res);
  }

  /** Switching workspaces changes what the session looks at; any signed-in role may. */
  @Post('session/workspace')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @AnyRole()
  async switchWorkspace(@CurrentMember() principal: SessionPrincipal, @Body() sent: unknown, @Req() req: Request) {
    const body = readSwitchWorkspaceBody(sent);
    await this.current.switchTo(principal, body.workspace_id);
    const token = this.cookies.sessionToken(req)!;
    const switched = await this.authenticate.execute(token);
    return meView(switched, await this.current.memberships(switched), csrfTokenFor(token));
  }

  @Post('sign-in-links/inspect')
  @HttpCode(200)
  async inspectLink(@Body() sent: unknown, @Req() req: Request) {
    const body = readTokenBody(sent);
    this.cookies.checkPresessionCsrf(req);
    const details = await this.links.inspect(body.token, req.ip ?? '');
    return { ...details, expires_at: formatUtc(new Date(details.expires_at)) };
  }

  @Post('sign-in-links/redeem')
  @HttpCode(200)
  async redeemLink(@Body() sent: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const body = readRedeemLinkBody(sent);
    this.cookies.checkPresessionCsrf(req);
    const started = await this.links.redeem({ token: body.token, password: body.password, clientAddress: req.ip ?? '', userAgent: req.headers['user-agent'] });
    return this.startedSession(req, res, started.token);
  }

  /**
   * "Forgot password": one answer whoever asks, member or not, SMTP or not (ForgotPassword says
   * why). A link arrives by email only, so the page can never hand one to whoever typed the address.
   */
  @Post('password-reset')
  @HttpCode(202)
  async forgotPassword(@Body() sent: unknown, @Req() req: Request) {
    const body = readForgotPasswordBody(sent);
    this.cookies.checkPresessionCsrf(req);
    await this.forgot.execute({ email: body.email, clientAddress: req.ip ?? '' });
    return { accepted: true, detail: 'If this email belongs to a member, a link to choose a new password is on its way. It works for one hour.' };
  }

  @Post('account/password')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @AnyRole()
  async changePassword(@CurrentMember() principal: SessionPrincipal, @Body() sent: unknown, @Req() req: Request) {
    const body = readChangePasswordBody(sent);
    await this.passwords.change({
      email: principal.member.email,
      sessionId: principal.member.sessionId,
      currentPassword: body.current_password,
      newPassword: body.new_password,
      clientAddress: req.ip ?? '',
    });
    return { changed: true, other_sessions_ended: true };
  }

  private async startedSession(req: Request, res: Response, token: string) {
    this.cookies.setSession(req, res, token);
    const principal = await this.authenticate.execute(token);
    return meView(principal, await this.current.memberships(principal), csrfTokenFor(token));
  }

  private signedOut(req: Request, res: Response): SignedOutAnswer {
    return { signed_in: false, csrf_token: this.cookies.presessionCsrf(req, res) };
  }
}
