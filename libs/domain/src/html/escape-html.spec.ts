import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the six characters that can end text or a quoted attribute', () => {
    expect(escapeHtml(`&<>"'\``)).toBe('&amp;&lt;&gt;&quot;&#39;&#96;');
  });

  it('escapes an existing entity again, so it shows as typed', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('leaves everything else alone, Unicode included', () => {
    expect(escapeHtml('Zoë Müller — 5 € {{x}} ${y}')).toBe('Zoë Müller — 5 € {{x}} ${y}');
  });
});
