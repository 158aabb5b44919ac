import { QR_TYPES, allowedCategories, isHostedType, isQrType } from './qr-types';
import type { QrCategory, QrType } from './qr-types';

describe('QR types and categories (docs/api.md, Types and categories)', () => {
  const matrix: Record<QrType, QrCategory[]> = {
    website: ['dynamic', 'static'],
    menu: ['dynamic'],
    form: ['dynamic'],
    vcard: ['dynamic', 'static'],
    text: ['static'],
    wifi: ['static'],
    email: ['dynamic', 'static'],
    phone: ['dynamic', 'static'],
    sms: ['dynamic', 'static'],
    location: ['dynamic', 'static'],
    gs1: ['dynamic'],
  };

  it('lists the eleven types in order', () => {
    expect([...QR_TYPES]).toEqual(['website', 'menu', 'form', 'vcard', 'text', 'wifi', 'email', 'phone', 'sms', 'location', 'gs1']);
  });

  it.each(QR_TYPES)('%s allows exactly its categories', (type) => {
    expect([...allowedCategories(type)]).toEqual(matrix[type]);
  });

  it('hands out categories that callers cannot mutate', () => {
    expect(Object.isFrozen(allowedCategories('website'))).toBe(true);
  });

  it('recognises types and nothing else', () => {
    for (const type of QR_TYPES) expect(isQrType(type)).toBe(true);
    for (const other of ['Website', 'url', '', null, undefined, 1, {}, ['website']]) expect(isQrType(other)).toBe(false);
  });

  it('hosts dynamic menu, form and vcard only', () => {
    const hosted = QR_TYPES.flatMap((type) => (['dynamic', 'static'] as const).filter((c) => isHostedType(type, c)).map((c) => `${type}/${c}`));
    expect(hosted).toEqual(['menu/dynamic', 'form/dynamic', 'vcard/dynamic']);
  });
});
