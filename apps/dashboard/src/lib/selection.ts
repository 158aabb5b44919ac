/**
 * Codes picked on the Codes page for a print sheet. Kept in sessionStorage (this tab only): a
 * selection of 300 ids is too long for a URL, and it should not outlive the tab. One selection per
 * workspace, so switching workspace never carries codes of the last one to a sheet.
 */
const keyOf = (workspaceId: string) => `qr.print-selection.${workspaceId}`;

export function readSelection(workspaceId: string): string[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(keyOf(workspaceId)) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function writeSelection(workspaceId: string, ids: Iterable<string>): void {
  sessionStorage.setItem(keyOf(workspaceId), JSON.stringify([...new Set(ids)]));
}
