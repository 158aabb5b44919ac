import { createTransport, type Transporter } from 'nodemailer';
import { type LinkEmail } from '@qr/session-rules';

/** Where invitation and password-reset emails go. */
export interface Mailer {
  /** False when no SMTP_URL is set: the dashboard then shows an invitation's link to copy instead. */
  readonly configured: boolean;
  /** Resolves once the SMTP server accepted the message; rejects with a reason a person can read. */
  send(email: LinkEmail): Promise<void>;
}

export class MailNotSent extends Error {}

/** SMTP through nodemailer. The URL may carry credentials, so no message here ever repeats it. */
export class SmtpMailer implements Mailer {
  readonly configured = true;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // Short timeouts: a member waits on the answer, and a dead relay should say so within seconds.
    this.transport = createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  }

  async send(email: LinkEmail): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    } catch (err) {
      throw new MailNotSent(reasonOf(err));
    }
  }
}

export const NO_MAILER: Mailer = {
  configured: false,
  send: () => Promise.reject(new MailNotSent('no SMTP_URL is configured')),
};

/** nodemailer's codes and the server's reply, never the connection URL. */
function reasonOf(err: unknown): string {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  if (e.responseCode && e.response) return `the mail server refused the message (${e.response.slice(0, 200)})`;
  if (e.code === 'ECONNECTION' || e.code === 'ETIMEDOUT' || e.code === 'ESOCKET') return `the mail server could not be reached (${e.code})`;
  if (e.code === 'EAUTH') return 'the mail server refused the credentials in SMTP_URL';
  return `the mail could not be sent (${e.code ?? 'error'})`;
}
