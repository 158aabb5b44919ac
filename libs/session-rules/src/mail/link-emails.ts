import { escapeHtml, formatUtc } from '@qr/domain';

/** An email ready to hand to a mailer: the same words as plain text and as HTML. */
export interface LinkEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface InvitationFacts {
  to: string;
  workspaceName: string;
  /** The owner who sent it (their email); null when an operator invited from the CLI. */
  inviterEmail: string | null;
  role: string;
  url: string;
  expiresAt: Date;
}

export interface PasswordResetFacts {
  to: string;
  workspaceName: string;
  url: string;
  expiresAt: Date;
}

/**
 * The invitation a new member receives. It names the workspace and who invited them, so the person
 * can tell it from phishing, and says when the link stops working.
 */
export function invitationEmail(f: InvitationFacts): LinkEmail {
  const by = f.inviterEmail ? `${f.inviterEmail} invited you` : 'You are invited';
  const lead = `${by} to the workspace “${f.workspaceName}” as ${article(f.role)} ${f.role}.`;
  return linkEmail(f.to, `Join “${f.workspaceName}” on QR Platform`, lead, 'Accept the invitation and choose a password', f.url, f.expiresAt, [
    'If you did not expect this invitation, ignore this email: nothing happens until the link is opened.',
  ]);
}

/** The link someone asked for with "Forgot password". It is sent only to an email that is a member. */
export function passwordResetEmail(f: PasswordResetFacts): LinkEmail {
  const lead = `Someone asked to reset the password of ${f.to} for the workspace “${f.workspaceName}”.`;
  return linkEmail(f.to, 'Reset your QR Platform password', lead, 'Choose a new password', f.url, f.expiresAt, [
    'If it was not you, ignore this email: your password stays as it is.',
    'Choosing a new password signs you out everywhere else.',
  ]);
}

function linkEmail(to: string, subject: string, lead: string, action: string, url: string, expiresAt: Date, notes: string[]): LinkEmail {
  const until = `The link works once, until ${formatUtc(expiresAt).replace('T', ' ')} (UTC).`;
  const text = [lead, '', `${action}:`, url, '', until, ...notes, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:8px 14px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>`,
    `<p style="font-size:90%">Or open this address: <br>${escapeHtml(url)}</p>`,
    `<p style="font-size:90%;color:#444">${escapeHtml(until)}<br>${notes.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
