/**
 * How an uploaded picture becomes a logo: whole (fitted into the logo's square box, as the server
 * stores it) or cropped to a square the person chooses. Pure, so the arithmetic is tested apart from
 * the canvas that applies it.
 */
export interface LogoCrop {
  mode: 'whole' | 'square';
  /** 1 is the largest square the picture holds; 4 a quarter of its side. */
  zoom: number;
  /** Where the square sits in the room left beside it, 0 (left, top) to 1 (right, bottom). */
  x: number;
  y: number;
}

export const WHOLE_PICTURE: LogoCrop = { mode: 'whole', zoom: 1, x: 0.5, y: 0.5 };
export const MAX_ZOOM = 4;
/** The server keeps logos at most 512 pixels a side, so a crop is sent no larger. */
export const MAX_CROP_PX = 512;

/** The square to cut from a picture `width` × `height`, in its pixels. */
export function cropSquare(width: number, height: number, crop: LogoCrop): { x: number; y: number; side: number } {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, crop.zoom));
  const side = Math.min(width, height) / zoom;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { x: (width - side) * clamp(crop.x), y: (height - side) * clamp(crop.y), side };
}

/** The cropped logo's side in pixels: the square's own, never above what the server keeps, at least 1. */
export function croppedSide(side: number): number {
  return Math.max(1, Math.min(MAX_CROP_PX, Math.round(side)));
}

/** Where a whole picture sits in a square box of `box` pixels: fitted, centred, proportions kept. */
export function fitInBox(width: number, height: number, box: number): { x: number; y: number; width: number; height: number } {
  const scale = box / Math.max(width, height);
  const [w, h] = [width * scale, height * scale];
  return { x: (box - w) / 2, y: (box - h) / 2, width: w, height: h };
}
