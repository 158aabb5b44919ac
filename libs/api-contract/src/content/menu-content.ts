import { CONTENT_LIMITS as L } from '@qr/qr-content';
import { Declaration } from '../engine/declare';
import { fault } from '../engine/fault';
import { List, Num, stringFaults, Text } from '../engine/fields';

/*
 * Menu rules (a hosted page, dynamic only): `currency` ISO 4217 in upper case (`EUR`); `price` a
 * number 0..1,000,000,000 with at most two decimals; `tags` up to 10 one-line strings of 1..50 characters.
 */

// Exact for JSON input: "19.99" and 19.99 are the same double, 19.999 is not 20.00.
const twoDecimals = (price: unknown) => (Number((price as number).toFixed(2)) === price ? [] : [fault('invalid', 'At most two decimals.')]);

/** One dish or drink. `price` is in the menu's currency. */
@Declaration()
export class MenuItem {
  @Text({ required: true, max: L.name })
  name!: string;

  @Text({ max: L.description })
  description?: string;

  @Num({ min: 0, max: L.menuPriceMax, also: twoDecimals }, { description: 'In the menu’s currency, at most two decimals' })
  price?: number;

  @List(
    { each: (tag) => stringFaults(tag, { required: true, max: L.menuTag, singleLine: true }), schema: { type: 'string', minLength: 1, maxLength: L.menuTag } },
    { min: 0, max: L.menuTags },
  )
  tags?: string[];
}

/** A titled group of items (Starters, Mains, …). */
@Declaration()
export class MenuSection {
  @Text({ required: true, max: L.name })
  name!: string;

  @List({ of: () => MenuItem }, { required: true, min: 1, max: L.menuItems })
  items!: MenuItem[];
}

/** `menu`: a restaurant menu served as a hosted page (dynamic only). */
@Declaration()
export class MenuContent {
  @Text({ required: true, max: L.name })
  title!: string;

  @Text(
    { max: 64, pattern: [/^[A-Z]{3}$/, 'Must be an ISO 4217 currency code in upper case, like EUR.'] },
    { maxLength: undefined, description: 'ISO 4217, e.g. EUR' },
  )
  currency?: string;

  @List({ of: () => MenuSection }, { required: true, min: 1, max: L.menuSections })
  sections!: MenuSection[];

  @Text({ max: L.description })
  footer?: string;
}
