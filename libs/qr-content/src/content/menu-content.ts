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
