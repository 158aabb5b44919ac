import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AnyRole, CurrentPrincipal, SessionGuard } from '../access/session-access';
import { SessionCookies } from '../access/session-cookie';
import { AuthenticateSession, type SessionPrincipal } from '../sessions/authenticate-session';
import { CurrentSession } from '../sessions/current-session';
import { Passwords } from '../sessions/passwords';
import { RedeemSignInLink } from '../sessions/redeem-sign-in-link';
import { SignIn } from '../sessions/sign-in';
import { ForgotPassword } from '../team/forgot-password';
import {
  ChangePasswordInput,
  ForgotPasswordInput,
  MeAnswer,
  PasswordChanged,
  PasswordResetAccepted,
  readDeclared,
  RedeemLinkInput,
  SignedOutAnswer,
  SignInInput,
  SignInLinkAnswer,
  SwitchWorkspaceInput,
  TokenInput,
} from '@qr/api-contract';
import { Operation } from '@qr/platform';
import { csrfTokenFor } from '@qr/session-rules';
import { meView } from './me-view';

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
  @Operation({
    operationId: 'getSession',
    summary: 'Who is signed in',
    tag: 'Session',
    answers: { '200': { description: 'MeAnswer when signed in, else SignedOutAnswer', body: 'SessionAnswer' } },
  })
  async session(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MeAnswer | SignedOutAnswer> {
    const token = this.cookies.sessionToken(req);
    const principal = token ? await this.authenticate.execute(token).catch(() => null) : null;
    if (!principal || !token) {
      if (token) this.cookies.clearSession(req, res);
      return this.signedOut(req, res);
    }
    return this.me(principal, token);
  }

  @Post('session')
  @HttpCode(200)
  @Operation({
    operationId: 'signIn',
    summary: 'Sign in with email and password',
    tag: 'Session',
    body: SignInInput,
    answers: { '200': { description: 'Signed in', body: MeAnswer } },
  })
  async create(@Body() sent: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const body = readDeclared(SignInInput, sent);
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
  @Operation({ operationId: 'signOut', summary: 'Sign out', tag: 'Session', answers: { '200': { description: 'Signed out', body: SignedOutAnswer } } })
  async destroy(@CurrentPrincipal() principal: SessionPrincipal, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.current.signOut(principal);
    this.cookies.clearSession(req, res);
    return this.signedOut(req, res);
  }

  /** Switching workspaces changes what the session looks at; any signed-in role may. */
  @Post('session/workspace')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @AnyRole()
  @Operation({
    operationId: 'switchWorkspace',
    summary: 'Look at another workspace of the member',
    tag: 'Session',
    body: SwitchWorkspaceInput,
    answers: { '200': { description: 'Switched', body: MeAnswer } },
  })
  async switchWorkspace(@CurrentPrincipal() principal: SessionPrincipal, @Body() sent: unknown, @Req() req: Request) {
    const body = readDeclared(SwitchWorkspaceInput, sent);
    await this.current.switchTo(principal, body.workspace_id);
    const token = this.cookies.sessionToken(req)!;
    return this.me(await this.authenticate.execute(token), token);
  }

  @Post('sign-in-links/inspect')
  @HttpCode(200)
  @Operation({
    operationId: 'inspectSignInLink',
    summary: 'Whom a sign-in link is for',
    tag: 'Session',
    body: TokenInput,
    answers: { '200': { description: 'The link’s details', body: SignInLinkAnswer }, '410': { problem: 'The link was used or has expired' } },
  })
  async inspectLink(@Body() sent: unknown, @Req() req: Request) {
    const body = readDeclared(TokenInput, sent);
    this.cookies.checkPresessionCsrf(req);
    return this.links.inspect(body.token, req.ip ?? '');
  }

  @Post('sign-in-links/redeem')
  @HttpCode(200)
  @Operation({
    operationId: 'redeemSignInLink',
    summary: 'Choose a password with a sign-in link, and sign in',
    tag: 'Session',
    body: RedeemLinkInput,
    answers: { '200': { description: 'Signed in', body: MeAnswer }, '410': { problem: 'The link was used or has expired' } },
  })
  async redeemLink(@Body() sent: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const body = readDeclared(RedeemLinkInput, sent);
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
  @Operation({
    operationId: 'forgotPassword',
    summary: 'Email a link to choose a new password',
    tag: 'Session',
    body: ForgotPasswordInput,
    answers: { '202': { description: 'The same answer for anyone', body: PasswordResetAccepted } },
  })
  async forgotPassword(@Body() sent: unknown, @Req() req: Request) {
    const body = readDeclared(ForgotPasswordInput, sent);
    this.cookies.checkPresessionCsrf(req);
    await this.forgot.execute({ email: body.email, clientAddress: req.ip ?? '' });
    return { accepted: true, detail: 'If this email belongs to a member, a link to choose a new password is on its way. It works for one hour.' };
  }

  @Post('account/password')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @AnyRole()
  @Operation({
    operationId: 'changePassword',
    summary: 'Change the member’s own password',
    tag: 'Session',
    body: ChangePasswordInput,
    answers: { '200': { description: 'Changed; the member’s other sessions ended', body: PasswordChanged } },
  })
  async changePassword(@CurrentPrincipal() principal: SessionPrincipal, @Body() sent: unknown, @Req() req: Request) {
    const body = readDeclared(ChangePasswordInput, sent);
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
    return this.me(await this.authenticate.execute(token), token);
  }

  private async me(principal: SessionPrincipal, token: string): Promise<MeAnswer> {
    return meView(principal, await this.current.memberships(principal), csrfTokenFor(token));
  }

  private signedOut(req: Request, res: Response): SignedOutAnswer {
    return { signed_in: false, csrf_token: this.cookies.presessionCsrf(req, res) };
  }
}
