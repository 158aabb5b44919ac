import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Clock, FixedWindowCounter, systemClock } from '@qr/domain';
import {
  type ClosedReason,
  PASSWORD_FIELD,
  type PasswordProblem,
  renderClosedPage,
  renderFormPage,
  renderFormThanksPage,
  renderMenuPage,
  renderPasswordPage,
  renderVcardPage,
  validateLeadSubmission,
  vcardDownload,
} from '@qr/hosted-pages';
import { utcDayOf } from '@qr/analytics-math';
import { defaultGs1Link, type Gs1Content } from '@qr/gs1';
import { admitScan } from '@qr/opening-rules';
import type { FormContent, MenuContent } from '@qr/api-contract';
import { type Destination, isServableBackHalf, type VcardContent } from '@qr/qr-content';
import { type FastRoute, type RateLimiter, readCookie, setCookieValue } from '@qr/platform';
import { verifyPassword } from '@qr/session-rules';
import {
  chooseDestination,
  signUnlock,
  type Stickiness,
  UNLOCK_TTL_MS,
  unlockAttemptLimits,
  unlockRetryAfterSeconds,
  unlockCookieName,
  unlockDayOf,
  type UserAgentClassifier,
  verifyUnlock,
  visitorHash,
} from '@qr/visitor';
import { type LinkRecord, openingRulesOf, routeKey } from '../links/link-record';
import { type LinkSource } from '../links/link-source';
import { redirectLocation } from '../links/redirect-location';
import { type SubmitLead } from '../leads/submit-lead';
import { type DailySalts } from '../scans/daily-salts';
import { type PasswordGateEvents } from '../scans/password-gate-events';
import { type RecordsScans, type ScanFacts } from '../scans/scan-link';
import { readFormBody } from './form-body';
import { sendFile, sendPage, sendPlain, sendRedirect } from './respond';
import { hostOf, readScanRequest } from './scan-request';

/** A short code or chosen back-half (isServableBackHalf says which), with `.vcf` for a vCard's download. */
const PATH = /^\/([0-9A-Za-z_/-]{1,64})(\.vcf)?$/;
const HOSTED = new Set(['menu', 'form', 'vcard']);

function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const proto = req.headers['x-forwarded-proto'];
  return (
    trustProxy &&
    String(Array.isArray(proto) ? proto[0] : proto)
      .split(',')[0]
      .trim() === 'https'
  );
}

const stickinessOf = (link: LinkRecord, hash: string, now: Date): Stickiness => ({ visitorHash: hash, day: utcDayOf(now.getTime()), code: link.route_key });

/** How many times a scan is judged again after its recording found the row changed, before a 503. */
const STALE_RETRIES = 3;

export interface ShortLinkDeps {
  links: LinkSource;
  recorder: RecordsScans;
  salts: DailySalts;
  submitLead: SubmitLead;
  classifier: UserAgentClassifier;
  /** Host names that serve every code (the short host, the API host); any other host is a custom domain. */
  sharedHosts: ReadonlySet<string>;
  trustProxy: boolean;
  geoHeader: string | undefined;
  onScan: (outcome: string) => void;
  /** Password attempts on protected codes, per code and per address: Redis when the service has it, else in this process. */
  unlockLimiter: RateLimiter;
  /** The password page's views and unlocks, for analytics. */
  passwordGate: Pick<PasswordGateEvents, 'record'>;
  clock?: Clock;
}

/**
 * `GET /{short_code}`: resolve the code, ask the opening rules, count the scan (committed before
 * anything is answered), then redirect or serve the hosted page. HEAD answers the same without
 * counting. `/{code}.vcf` downloads a dynamic vCard; `POST /{code}` submits a hosted form.
 */
export class ShortLinkRoute implements FastRoute {
  readonly name = 'short-link';
  private readonly leadLimiter: FixedWindowCounter;
  private readonly clock: Clock;

  constructor(private readonly d: ShortLinkDeps) {
    this.clock = d.clock ?? systemClock;
    this.leadLimiter = new FixedWindowCounter(60_000, this.clock);
  }

  matches(req: IncomingMessage, pathname: string): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return false;
    const m = PATH.exec(pathname);
    return !!m && isServableBackHalf(m[1]);
  }

  async handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const [, path, vcf] = PATH.exec(pathname)!;
    const host = hostOf(req);
    // On a custom domain only that domain's codes answer; a shared host answers the default host's.
    const key = this.d.sharedHosts.has(host) ? path : routeKey(host, path);
    if (req.method === 'GET' && !vcf) return this.scan(req, res, key);
    const headOnly = req.method === 'HEAD';
    const link = await this.d.links.find(key);
    if (!link) return this.closed(res, null, 'not_found', 404, null, headOnly);
    if (link.password_hash !== null && req.method === 'POST' && !(await this.unlocked(req, link))) return this.unlock(req, res, link);
    // HEAD never learns where a protected code leads, cookie or not; nor does its .vcf without an unlock.
    if (link.password_hash !== null && (headOnly || !(await this.unlocked(req, link)))) return this.askPassword(res, link, headOnly);
    if (vcf) return this.vcard(res, link, headOnly);
    if (req.method === 'POST') return this.lead(req, res, link);
    const admission = admitScan(openingRulesOf(link), { scanCount: link.scan_count, deleted: link.deleted_at !== null, now: this.clock() });
    if (!admission.open) return this.closed(res, link, admission.reason, admission.status, admission.opensAt, true);
    const request = readScanRequest(req, this.d.classifier, this.d);
    const now = this.clock();
    const sticky = stickinessOf(link, visitorHash(await this.d.salts.current(), request.ip, request.userAgent), now);
    this.open(res, link, request.visitor, true, HOSTED.has(link.type) ? null : chooseDestination(link.destinations, request.visitor, sticky));
  }

  /**
   * A counted scan. It is judged by the cached row when there is one, unchecked: its recording counts
   * it only if the row is still that revision, and a stale scan is judged again on the row as stored
   * now. An answer that records nothing (missing, closed) is given only from a row found with `find`,
   * which sees every change committed before it was asked.
   */
  private async scan(req: IncomingMessage, res: ServerResponse, key: string, unlockCookie: string | null = null): Promise<void> {
    const cached = this.d.links.cached(key);
    let link = cached ?? (await this.d.links.find(key));
    let checked = cached === undefined;
    let request: ReturnType<typeof readScanRequest> | null = null;
    let visitorFacts: Omit<ScanFacts, 'destination'> | null = null;
    for (let stale = 0; ;) {
      const now = this.clock();
      const admission = link ? admitScan(openingRulesOf(link), { scanCount: link.scan_count, deleted: link.deleted_at !== null, now }) : null;
      if (!admission?.open && !checked) {
        link = await this.d.links.find(key);
        checked = true;
        continue;
      }
      if (!link || !admission) return this.closed(res, null, 'not_found', 404, null, false);
      if (!admission.open) return this.closed(res, link, admission.reason, admission.status, admission.opensAt, false);
      request ??= readScanRequest(req, this.d.classifier, this.d);
      // A protected code: bots and visitors without an unlock get the password page and are not counted;
      // an unlock from an earlier visit opens without counting again (one scan per visitor session).
      const gate = unlockCookie === null && link.password_hash !== null ? await this.gate(req, link, request.visitor.isBot) : 'open';
      if (gate === 'ask') return this.askPassword(res, link, false);
      visitorFacts ??= {
        country: request.visitor.country,
        device: request.visitor.device,
        os: request.visitor.os,
        browser: request.visitor.browser,
        is_bot: request.visitor.isBot,
        visitor_hash: visitorHash(await this.d.salts.current(), request.ip, request.userAgent),
      };
      // Chosen from the row the scan is judged by, so a scan judged again after a change records where it really went.
      // Weighted entries split by the unique-visitor hash: one visitor sees one variant all day.
      const destination = HOSTED.has(link.type)
        ? null
        : chooseDestination(link.destinations, request.visitor, stickinessOf(link, visitorFacts.visitor_hash, now));
      if (gate === 'unlocked') return this.open(res, link, request.visitor, false, destination, [], 'unlocked_again');
      // A gs1 code's short link sends every scan to its default link: the link type served, as the resolver records it.
      const linkType = link.type === 'gs1' ? defaultGs1Link(link.content as unknown as Gs1Content).link_type : undefined;
      const outcome = await this.d.recorder.record(link, { ...visitorFacts, destination: destination?.target_url ?? null, link_type: linkType }, now);
      if (outcome.admitted)
        return this.open(res, link, request.visitor, false, destination, unlockCookie ? ['Set-Cookie', unlockCookie] : [], unlockCookie ? 'unlock' : 'open');
      if (!outcome.stale) return this.closed(res, link, 'limit_reached', 410, null, false);
      if (++stale > STALE_RETRIES) {
        this.d.onScan('changing');
        return sendPlain(res, 503, 'This code is being changed; try again in a moment.');
      }
      link = await this.d.links.reread(key);
      checked = true;
    }
  }

  private open(
    res: ServerResponse,
    link: LinkRecord,
    visitor: Parameters<typeof chooseDestination>[1],
    headOnly: boolean,
    chosen: Destination | null = null,
    extraHeaders: readonly string[] = [],
    outcome = headOnly ? 'head' : 'open',
  ): void {
    this.d.onScan(outcome);
    if (HOSTED.has(link.type)) return sendPage(res, this.hostedPage(link), headOnly, undefined, extraHeaders);
    sendRedirect(res, redirectLocation((chosen ?? chooseDestination(link.destinations, visitor)).target_url, link.utm), extraHeaders);
  }

  /** What a GET of a protected code meets: a bot is always asked (it never sees the destination); else its unlock cookie decides. */
  private async gate(req: IncomingMessage, link: LinkRecord, isBot: boolean): Promise<'ask' | 'unlocked'> {
    return !isBot && (await this.unlocked(req, link)) ? 'unlocked' : 'ask';
  }

  /** True when the request carries this code's unlock cookie, signed for its current password and not expired. */
  private async unlocked(req: IncomingMessage, link: LinkRecord): Promise<boolean> {
    const value = readCookie(req, unlockCookieName(link.qr_id));
    const day = value ? unlockDayOf(value) : null;
    const secret = day ? await this.d.salts.of(day) : null;
    return secret !== null && verifyUnlock(secret, value!, { codeId: link.qr_id, passwordHash: link.password_hash! }, this.clock());
  }

  /**
   * The password page: a page view, not a scan (no scan is recorded, no webhook); analytics counts it
   * apart (HEAD is not a view). A view that cannot be written still gets its page.
   */
  private async askPassword(res: ServerResponse, link: LinkRecord, headOnly: boolean, problem?: PasswordProblem, status = 200): Promise<void> {
    this.d.onScan(problem ? `password_${problem}` : 'password_page');
    if (!headOnly) await this.gateEvent(link, 'page_view');
    // A throttled visitor (or a script) learns when the window that refused it ends.
    const extra = problem === 'throttled' ? ['Retry-After', String(unlockRetryAfterSeconds(this.clock()))] : [];
    sendPage(res, renderPasswordPage({ action: `/${link.short_code}`, problem, status }), headOnly, undefined, extra);
  }

  private async gateEvent(link: LinkRecord, outcome: 'page_view' | 'unlock'): Promise<void> {
    try {
      await this.d.passwordGate.record(link, outcome);
    } catch {
      this.d.onScan(`password_${outcome}_unrecorded`);
    }
  }

  /**
   * A password posted to a protected code: throttled per code and per address (every attempt counts),
   * checked against the scrypt hash, then counted as one scan (with its webhook) and redirected with an
   * unlock cookie. A wrong password gets the page again, 401. A bot is only ever shown the page.
   */
  private async unlock(req: IncomingMessage, res: ServerResponse, link: LinkRecord): Promise<void> {
    const admission = admitScan(openingRulesOf(link), { scanCount: link.scan_count, deleted: link.deleted_at !== null, now: this.clock() });
    if (!admission.open) return this.closed(res, link, admission.reason, admission.status, admission.opensAt, false);
    const request = readScanRequest(req, this.d.classifier, this.d);
    const limits = unlockAttemptLimits(link.qr_id, request.ip ?? 'unknown');
    const allowed = await Promise.all(limits.map((l) => this.d.unlockLimiter.allow(l.key, l.limit, l.windowMs)));
    if (allowed.includes(false)) return this.askPassword(res, link, false, 'throttled', 429);
    const body = await readFormBody(req);
    const offered = body?.[PASSWORD_FIELD];
    if (request.visitor.isBot) return this.askPassword(res, link, false);
    if (typeof offered !== 'string' || !(await verifyPassword(offered, link.password_hash!))) return this.askPassword(res, link, false, 'wrong', 401);
    const now = this.clock();
    const value = signUnlock(await this.d.salts.current(), utcDayOf(now.getTime()), { codeId: link.qr_id, passwordHash: link.password_hash! }, now);
    const cookie = setCookieValue(unlockCookieName(link.qr_id), value, { maxAgeSeconds: UNLOCK_TTL_MS / 1000, secure: isHttps(req, this.d.trustProxy) });
    await this.gateEvent(link, 'unlock');
    return this.scan(req, res, link.route_key, cookie);
  }

  private hostedPage(link: LinkRecord) {
    if (link.type === 'menu') return renderMenuPage(link.content as unknown as MenuContent);
    if (link.type === 'vcard') return renderVcardPage(link.content as unknown as VcardContent, { vcfHref: `/${link.short_code}.vcf` });
    return renderFormPage(link.content as unknown as FormContent, { action: `/${link.short_code}` });
  }

  private closed(res: ServerResponse, link: LinkRecord | null, reason: ClosedReason, status: number, opensAt: Date | null, headOnly: boolean): void {
    this.d.onScan(reason);
    if (link?.fallback_url && reason !== 'not_found') return sendRedirect(res, link.fallback_url);
    sendPage(res, renderClosedPage(reason, { status, opensAt, timezone: link?.timezone ?? 'UTC' }), headOnly, status);
  }

  private vcard(res: ServerResponse, link: LinkRecord, headOnly: boolean): void {
    if (link.type !== 'vcard' || link.deleted_at !== null)
      return this.closed(res, link, link.deleted_at !== null ? 'deleted' : 'not_found', link.deleted_at !== null ? 410 : 404, null, headOnly);
    sendFile(res, vcardDownload(link.content as unknown as VcardContent), headOnly);
  }

  /** A hosted form's submission: validated, rate limited per address, honeypot-checked, then stored with its event. */
  private async lead(req: IncomingMessage, res: ServerResponse, link: LinkRecord): Promise<void> {
    if (link.type !== 'form') return sendPlain(res, 405, 'Method not allowed');
    const admission = admitScan(openingRulesOf(link), { scanCount: 0, deleted: link.deleted_at !== null, now: this.clock() });
    if (!admission.open && admission.reason !== 'limit_reached') return this.closed(res, link, admission.reason, admission.status, admission.opensAt, false);
    const ip = readScanRequest(req, this.d.classifier, this.d).ip ?? 'unknown';
    if (!this.leadLimiter.hit(`${ip}|${link.qr_id}`, 5).allowed) return sendPlain(res, 429, 'Too many submissions; try again in a minute.');
    const body = await readFormBody(req);
    if (!body) return sendPlain(res, 413, 'The form could not be read.');
    const form = link.content as unknown as FormContent;
    const result = validateLeadSubmission(form, body);
    if ('spam' in result) return sendPage(res, renderFormThanksPage(form), false);
    if (!result.ok) {
      const values = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
      return sendPage(res, renderFormPage(form, { action: `/${link.short_code}`, values, errors: result.errors }), false);
    }
    await this.d.submitLead.execute(link, result.fields);
    sendPage(res, renderFormThanksPage(form), false);
  }
}
