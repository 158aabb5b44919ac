// One small stylesheet for every hosted page: mobile-first (readable at 360 px), light and dark.
// It is inlined and allowed by its sha256 in the CSP, so it must stay byte-for-byte constant:
// only `\n` line ends (the HTML parser would turn `\r\n` into `\n` and break the hash) and no `<`.
const RULES = [
  ':root{color-scheme:light dark;--fg:#1c1c1e;--muted:#5f6368;--bg:#fff;--line:#d9d9de;--accent:#0b57d0;--error:#b3261e}',
  '@media (prefers-color-scheme:dark){:root{--fg:#f2f2f7;--muted:#aeaeb2;--bg:#1c1c1e;--line:#48484a;--accent:#8ab4f8;--error:#f2b8b5}}',
  '*{box-sizing:border-box}',
  'body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}',
  'main{max-width:40rem;margin:0 auto;padding:1.25rem 1rem 2rem}',
  'h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}',
  'h2{font-size:1.125rem;margin:1.5rem 0 .25rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}',
  'p{margin:0 0 1rem}',
  'a{color:var(--accent)}',
  '.multiline{white-space:pre-line}',
  '.muted{color:var(--muted)}',
  'ul{list-style:none;margin:0;padding:0}',
  '.item{padding:.5rem 0;border-bottom:1px solid var(--line)}',
  '.item-head{display:flex;justify-content:space-between;gap:1rem;font-weight:600}',
  '.item p{margin:.125rem 0 0}',
  '.price{white-space:nowrap}',
  '.tags li{display:inline-block;margin:.25rem .25rem 0 0;padding:0 .5rem;border:1px solid var(--line);border-radius:1rem;font-size:.8125rem}',
  '.field{margin-bottom:1rem}',
  'label{display:block;font-weight:600;margin-bottom:.25rem}',
  // 16px inputs stop iOS Safari from zooming in on focus.
  'input,textarea{width:100%;font:inherit;padding:.625rem;border:1px solid var(--line);border-radius:.5rem;background:transparent;color:inherit}',
  'textarea{min-height:8rem;resize:vertical}',
  '[aria-invalid=true]{border-color:var(--error)}',
  '.error{color:var(--error);margin:.25rem 0 0}',
  '.button{display:block;width:100%;margin-top:1.5rem;padding:.75rem;border:0;border-radius:.5rem;background:var(--accent);color:var(--bg);font:inherit;font-weight:600;text-align:center;text-decoration:none}',
  'dl{margin:0}',
  'dt{color:var(--muted);font-size:.875rem}',
  'dd{margin:0 0 .75rem}',
  // The honeypot: off-screen rather than display:none, which some bots recognise and skip.
  '.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}',
];

/** The exact text of every hosted page's `<style>` element (its sha256 goes into the CSP). */
export const PAGE_STYLE = `\n${RULES.join('\n')}\n`;
