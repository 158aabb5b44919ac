import { childPointer, type FieldChecker } from '@qr/domain';
import { CONTENT_LIMITS } from '../content-limits';

/*
 * Menu rules (a hosted page, dynamic only): `title` ≤ 200; `currency` ISO 4217, three upper-case
 * letters (`EUR`); 1..50 `sections`, each `{name ≤ 200, items: 1..200}`; an item is
 * `{name ≤ 200, description? ≤ 1000, price?, tags?}`; `price` a number 0..1,000,000,000 with at
 * most two decimals; `tags` up to 10 strings of 1..50 characters on one line; `footer` ≤ 1000.
 */

/** One dish or drink. `price` is in the menu's currency, at most two decimals. */
export interface MenuItem {
  name: string;
  description?: string;
  price?: number;
  tags?: string[];
}

/** A titled group of items (Starters, Mains, …). */
export interface MenuSection {
  name: string;
  items: MenuItem[];
}

/** `menu`: a restaurant menu served as a hosted page (dynamic only). */
export interface MenuContent {
  title: string;
  currency?: string;
  sections: MenuSection[];
  footer?: string;
}

const NAME = { required: true, max: CONTENT_LIMITS.name };

/** Checks menu content (see the rules above). */
export function checkMenuContent(check: FieldChecker, value: unknown, pointer: string): void {
  const content = check.object(value, pointer, ['title', 'currency', 'sections', 'footer']);
  if (!content) return;
  check.text(content, 'title', pointer, NAME);
  check.matching(content, 'currency', pointer, { max: 64 }, /^[A-Z]{3}$/, 'Must be an ISO 4217 currency code in upper case, like EUR.');
  const sections = check.list(content, 'sections', pointer, { required: true, min: 1, max: CONTENT_LIMITS.menuSections });
  sections?.forEach((section, index) => checkSection(check, section, childPointer(childPointer(pointer, 'sections'), index)));
  check.text(content, 'footer', pointer, { max: CONTENT_LIMITS.description });
}

function checkSection(check: FieldChecker, value: unknown, pointer: string): void {
  const section = check.object(value, pointer, ['name', 'items']);
  if (!section) return;
  check.text(section, 'name', pointer, NAME);
  const items = check.list(section, 'items', pointer, { required: true, min: 1, max: CONTENT_LIMITS.menuItems });
  items?.forEach((item, index) => checkItem(check, item, childPointer(childPointer(pointer, 'items'), index)));
}

function checkItem(check: FieldChecker, value: unknown, pointer: string): void {
  const item = check.object(value, pointer, ['name', 'description', 'price', 'tags']);
  if (!item) return;
  check.text(item, 'name', pointer, NAME);
  check.text(item, 'description', pointer, { max: CONTENT_LIMITS.description });
  const price = check.number(item, 'price', pointer, { min: 0, max: CONTENT_LIMITS.menuPriceMax });
  // Exact for JSON input: "19.99" and 19.99 are the same double, 19.999 is not 20.00.
  if (price !== undefined && Number(price.toFixed(2)) !== price) {
    check.add(childPointer(pointer, 'price'), 'invalid', 'At most two decimals.');
  }
  const tags = check.list(item, 'tags', pointer, { min: 0, max: CONTENT_LIMITS.menuTags });
  tags?.forEach((tag, index) => checkTag(check, tag, childPointer(childPointer(pointer, 'tags'), index)));
}

function checkTag(check: FieldChecker, value: unknown, pointer: string): void {
  if (typeof value !== 'string') check.add(pointer, 'invalid_type', 'Must be a string.');
  else check.checkText(value, pointer, { required: true, max: CONTENT_LIMITS.menuTag, singleLine: true });
}
