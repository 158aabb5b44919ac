// Prices are shown to people in the UK-English style the pages are written in; the currency
// decides the symbol and the decimals (JPY has none).
const LOCALE = 'en-GB';
const plain = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const plainCents = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A menu price as text: with the currency's symbol when `currency` is given, else a plain number
 * (whole prices without decimals, others with two).
 *
 * @example formatPrice(12.5, 'EUR') // '€12.50'
 * @example formatPrice(12.5) // '12.50'
 */
export function formatPrice(price: number, currency?: string): string {
  if (currency !== undefined && currency !== '') {
    try {
      return new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).format(price);
    } catch {
      // Validation only checks the shape (three capitals); a malformed code must not break the page.
    }
  }
  return (Number.isInteger(price) ? plain : plainCents).format(price);
}
