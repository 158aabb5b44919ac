import { createHash } from 'node:crypto';
import { type DefaultTreeAdapterMap, parse } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

// Every element the hosted pages are built from; anything else in a parsed page was injected.
const PAGE_TAGS = new Set([
  'html',
  'head',
  'body',
  'meta',
  'title',
  'style',
  'main',
  'section',
  'footer',
  'h1',
  'h2',
  'p',
  'ul',
  'li',
  'div',
  'span',
  'form',
  'label',
  'input',
  'textarea',
  'button',
  'dl',
  'dt',
  'dd',
  'a',
  'time',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc', 'poster']);
// Browsers ignore ASCII whitespace and controls inside a scheme (`java\tscript:`).
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const SCHEME_NOISE = /[\u0000-\u0020]/g;

/**
 * Test helper: a hosted page parsed the way a browser parses it (parse5), with the queries the
 * specs need and a list of everything that would make the page unsafe.
 */
export class ParsedPage {
  readonly parseErrors: string[] = [];
  readonly documentMode: string;
  readonly elements: Element[];

  constructor(readonly html: string) {
    const document = parse(html, { onParseError: (error) => this.parseErrors.push(error.code) });
    this.documentMode = document.mode;
    this.elements = descendants(document);
  }

  /** Elements with this tag name, in document order. */
  all(tag: string): Element[] {
    return this.elements.filter((element) => element.tagName === tag);
  }

  /** The one element with this tag name; throws when there is not exactly one. */
  one(tag: string): Element {
    const found = this.all(tag);
    if (found.length !== 1) throw new Error(`Expected one <${tag}>, found ${found.length}.`);
    return found[0];
  }

  /** Descendant text of every element with this tag name. */
  texts(tag: string): string[] {
    return this.all(tag).map(textOf);
  }

  /** Whatever would let content escape into markup: foreign elements, handlers, script URLs. */
  unsafeParts(): string[] {
    const problems: string[] = [];
    for (const element of this.elements) {
      if (!PAGE_TAGS.has(element.tagName)) problems.push(`<${element.tagName}> element`);
      for (const { name, value } of element.attrs) {
        if (name.toLowerCase().startsWith('on')) problems.push(`${name} attribute on <${element.tagName}>`);
        if (URL_ATTRIBUTES.has(name) && /^(javascript|data|vbscript):/i.test(value.replace(SCHEME_NOISE, ''))) {
          problems.push(`${name}="${value}" on <${element.tagName}>`);
        }
      }
    }
    return problems;
  }

  /** The sha256 (base64) of the style element's text, as a CSP hash source is computed. */
  styleHash(): string {
    return createHash('sha256')
      .update(textOf(this.one('style')), 'utf8')
      .digest('base64');
  }
}

/** An attribute's value, or undefined when the element does not have it. */
export function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

/** The concatenated text of an element's direct text children (not of nested elements). */
export function ownText(element: Element): string {
  return element.childNodes.map((child) => (child.nodeName === '#text' && 'value' in child ? child.value : '')).join('');
}

/** The concatenated text of everything inside an element. */
export function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}

function descendants(node: Node): Element[] {
  if (!('childNodes' in node)) return [];
  const found: Element[] = [];
  for (const child of node.childNodes) {
    if ('tagName' in child) found.push(child);
    found.push(...descendants(child));
  }
  return found;
}
