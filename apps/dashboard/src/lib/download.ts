/** Saves a Blob as a file, the way a download link would. */
export function saveBlob(blob: Blob, filename: string): string {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  return url;
}

/** The filename a Content-Disposition header names, or `fallback`. */
export function filenameOf(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;
}
