import { renderPasswordPage } from './render-password-page';

describe('renderPasswordPage', () => {
  it('asks with a plain POST form to the code’s own path, under a CSP that allows no script and posts only to itself', () => {
    const page = renderPasswordPage({ action: '/Ab3dE9x' });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<form method="post" action="/Ab3dE9x">');
    expect(page.html).toContain('<input type="password" id="password" name="password" required');
    expect(page.html).not.toMatch(/<script/i);
    expect(page.html).not.toContain('role="alert"');
    expect(page.csp).toContain("form-action 'self'");
    expect(page.csp).toContain("default-src 'none'");
  });

  it('says a wrong password or too many attempts neutrally, with the caller’s status', () => {
    const wrong = renderPasswordPage({ action: '/Ab3dE9x', problem: 'wrong', status: 401 });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('That password did not open this code.');
    expect(wrong.html).toContain('aria-describedby="password-error"');
    expect(renderPasswordPage({ action: '/x', problem: 'throttled', status: 429 }).html).toContain('Too many attempts.');
  });

  it('escapes the action', () => {
    expect(renderPasswordPage({ action: '/"><script>x</script>' }).html).toContain('action="/&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });
});
