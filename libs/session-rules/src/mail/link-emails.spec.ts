import { invitationEmail, passwordResetEmail } from './link-emails';

const expiresAt = new Date('2026-11-29T10:00:00.000Z');

describe('link emails', () => {
  it('an invitation names the workspace, the inviter, the role and the expiry, in text and HTML', () => {
    const m = invitationEmail({
      to: 'ana@example.com',
      workspaceName: 'Acme',
      inviterEmail: 'owner@example.com',
      role: 'editor',
      url: 'https://qr.example/app/welcome#token=abc',
      expiresAt,
    });
    expect(m.to).toBe('ana@example.com');
    expect(m.subject).toContain('Acme');
    for (const body of [m.text, m.html]) {
      expect(body).toContain('owner@example.com invited you');
      expect(body).toContain('as an editor');
      expect(body).toContain('https://qr.example/app/welcome#token=abc');
      expect(body).toContain('2026-11-29 10:00:00Z');
    }
  });

  it('an operator invitation from the CLI names no inviter', () => {
    const m = invitationEmail({ to: 'a@b.c', workspaceName: 'W', inviterEmail: null, role: 'viewer', url: 'u', expiresAt });
    expect(m.text).toMatch(/^You are invited to the workspace “W” as a viewer\./);
  });

  it('a workspace name cannot inject markup into the HTML part', () => {
    const m = invitationEmail({
      to: 'a@b.c',
      workspaceName: '<img src=x onerror=alert(1)>',
      inviterEmail: 'o@b.c',
      role: 'owner',
      url: 'https://x/"><script>',
      expiresAt,
    });
    expect(m.html).not.toContain('<img');
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(m.text).toContain('<img src=x onerror=alert(1)>');
  });

  it('a reset email says that it signs out everywhere and what to do if it was not asked for', () => {
    const m = passwordResetEmail({ to: 'ana@example.com', workspaceName: 'Acme', url: 'https://qr.example/app/welcome#token=abc', expiresAt });
    expect(m.subject).toBe('Reset your QR Platform password');
    expect(m.text).toContain('ignore this email');
    expect(m.html).toContain('signs you out everywhere else');
  });
});
