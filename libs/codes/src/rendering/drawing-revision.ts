/**
 * Part of every image's cache key and ETag. Clients and CDNs keep an image for as long as its ETag holds,
 * so a release that draws the same code differently must move this number, or they keep the old picture.
 * drawing-revision.spec.ts fails when the bytes of a fixed set of images change while it stays put.
 */
export const DRAWING_REVISION = 1;
