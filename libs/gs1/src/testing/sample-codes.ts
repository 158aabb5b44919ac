import type { Gs1Content } from '../gs1-content';

export const GTIN = '09506000134352';

/** A product, one of its lots and one serialised item, with links in two languages and two media types. */
export const PRODUCT: Gs1Content = {
  gtin: GTIN,
  item_description: 'Dal Giardino risotto rice',
  links: [
    { link_type: 'gs1:pip', href: 'https://brand.example/en/pip', title: 'Product information', type: 'text/html', hreflang: ['en'], default: true },
    { link_type: 'gs1:pip', href: 'https://brand.example/fr/pip', title: 'Informations produit', type: 'text/html', hreflang: ['fr'] },
    { link_type: 'gs1:certificationInfo', href: 'https://brand.example/cert', title: 'Certificates', type: 'text/html' },
    { link_type: 'gs1:certificationInfo', href: 'https://brand.example/cert.pdf', title: 'Certificates (PDF)', type: 'application/pdf' },
    { link_type: 'gs1:recallStatus', href: 'https://brand.example/recalls', title: 'Recalls' },
    { link_type: 'gs1:nutritionalInfo', href: 'https://brand.example/nutrition?src=qr', title: 'Nutrition', context: ['GB'] },
    { link_type: 'gs1:nutritionalInfo', href: 'https://brand.example/nutrition-de#table', title: 'Nährwerte', context: ['DE'], hreflang: ['de'] },
  ],
};

export const LOT: Gs1Content = {
  gtin: GTIN,
  lot: 'ABC123',
  item_description: 'Dal Giardino risotto rice, lot ABC123',
  links: [{ link_type: 'gs1:recallStatus', href: 'https://brand.example/lots/ABC123/recall', title: 'Lot recall status', type: 'text/html', default: true }],
};

export const SERIAL: Gs1Content = {
  gtin: GTIN,
  lot: 'ABC123',
  serial: 'S/1',
  links: [{ link_type: 'gs1:dpp', href: 'https://brand.example/dpp/S1', title: 'Digital product passport', type: 'application/ld+json', default: true }],
};
