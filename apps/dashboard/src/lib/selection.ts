/**
 * Codes picked on the Codes page for a print sheet. Kept in sessionStorage (this tab only): a
 * selection of 300 ids is too long for a URL, and it should not outlive the tab.
 */
const KEY = 'qr.print-selection';

export function readSelection(): string[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function writeSelection(ids: Iterable<string>): void {
  sessionStorage.setItem(KEY, JSON.stringify([...new Set(ids)]));
}
