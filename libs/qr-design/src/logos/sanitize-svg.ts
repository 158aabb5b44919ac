import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/**
 * The drawing elements a logo may use. Everything else goes: scripts, foreignObject, links,
 * animation, <style> (CSS can import and fetch), filters, fonts and text (resvg has no fonts here),
 * and <image> unless it holds its picture in a data: URL.
 */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'title',
  'desc',
  'image',
]);

/** Presentation and geometry attributes; no event handlers, no style, and references only inside the file. */
const ATTRIBUTES = new Set([
  'id',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'clip-path',
  'clip-rule',
  'mask',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'visibility',
  'display',
  'href',
  'xlink:href',
  'xmlns',
  'xmlns:xlink',
  'version',
]);

/** Attributes that may hold url(…): only a reference to an element of the same file is kept. */
const LOCAL_URL = /^url\(\s*['"]?#[^)'"\s]+['"]?\s*\)$/;
const DATA_IMAGE = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=\s]+$/;

export class UnsafeSvgError extends Error {}

type Node = Record<string, unknown>;

/**
 * An uploaded SVG reduced to drawing only, from a real XML parse (never string patching): elements
 * and attributes outside the allowlists are dropped, `href` must point inside the file (`#id`) or, on
 * <image>, be a PNG or JPEG data: URL, and `url(…)` values must point inside the file. A DOCTYPE
 * (entities, external subsets) is refused outright. The result is what the rasteriser gets: it
 * cannot read a local file, fetch a URL or run anything.
 */
export function sanitizeSvg(text: string): string {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new UnsafeSvgError('a DOCTYPE or entity declaration is not allowed in an SVG logo');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    attributesGroupName: ':@',
    preserveOrder: true,
    processEntities: false,
    allowBooleanAttributes: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    commentPropName: '#comment',
  });
  let tree: Node[];
  try {
    tree = parser.parse(text, true) as Node[];
  } catch (err) {
    throw new UnsafeSvgError(`not well-formed XML: ${(err as Error).message.split('\n')[0]}`);
  }
  const roots = tree.filter((n) => elementName(n) !== null);
  if (roots.length !== 1 || elementName(roots[0]) !== 'svg') throw new UnsafeSvgError('the file is not an SVG image (no single <svg> root)');
  const clean = cleanNode(roots[0]);
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    attributesGroupName: ':@',
    preserveOrder: true,
    processEntities: true,
    suppressEmptyNode: true,
  });
  return builder.build([clean]) as string;
}

function elementName(node: Node): string | null {
  const key = Object.keys(node).find((k) => k !== ':@');
  return key && key !== '#text' && key !== '#comment' ? key : null;
}

function cleanNode(node: Node): Node {
  const name = elementName(node)!;
  const attrs = (node[':@'] ?? {}) as Record<string, string>;
  const kept: Record<string, string> = {};
  for (const [key, raw] of Object.entries(attrs)) {
    const value = String(raw).trim();
    if (!ATTRIBUTES.has(key)) continue;
    if (key === 'href' || key === 'xlink:href') {
      if (!(value.startsWith('#') || (name === 'image' && DATA_IMAGE.test(value)))) continue;
    } else if (/url\(/i.test(value) && !LOCAL_URL.test(value)) {
      continue;
    }
    kept[key] = value;
  }
  if (name === 'svg') kept.xmlns = 'http://www.w3.org/2000/svg';
  if (name === 'image' && !kept.href && !kept['xlink:href']) return { g: [] };
  const children = ((node[name] ?? []) as Node[]).filter((child) => {
    const childName = elementName(child);
    return childName !== null ? ELEMENTS.has(childName) : '#text' in child && (name === 'title' || name === 'desc');
  });
  return { [name]: children.map((child) => (elementName(child) ? cleanNode(child) : child)), ...(Object.keys(kept).length ? { ':@': kept } : {}) };
}
