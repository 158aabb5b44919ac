import Ajv from 'ajv';
import { buildLinkset, type Linkset } from './linkset';
import gs1LinksetSchema from './testing/gs1-linkset/gs1-linkset-schema.json';
import rfc9264LinksetSchema from './testing/gs1-linkset/linkset-schema.json';
import { LOT, PRODUCT, SERIAL } from './testing/sample-codes';

const ORIGIN = 'https://127.0.0.1:8443';
// strict: false because the schemas carry annotations Ajv does not know ("name"), as the suite does.
const ajv = new Ajv({ strict: false }).addFormat('uri', (value: string) => URL.canParse(value));
const validGs1 = ajv.compile(gs1LinksetSchema);
const validRfc9264 = ajv.compile(rfc9264LinksetSchema);

describe('buildLinkset', () => {
  const linkset = buildLinkset(ORIGIN, [SERIAL, LOT, PRODUCT]);

  it('validates against the GS1 linkset schema the conformance suite uses', () => {
    expect(validGs1(linkset) ? [] : validGs1.errors).toEqual([]);
  });

  it("is RFC 9264's JSON shape apart from GS1's additions (itemDescription, context)", () => {
    const plain = JSON.parse(JSON.stringify(linkset), (key, value) => (key === 'itemDescription' || key === 'context' ? undefined : value));
    expect(validRfc9264(plain) ? [] : validRfc9264.errors).toEqual([]);
  });

  it('has one context per level, most specific first, anchored at canonical URIs', () => {
    expect(linkset.linkset.map((context) => [context.anchor, context.itemDescription])).toEqual([
      [`${ORIGIN}/01/09506000134352/10/ABC123/21/S%2F1`, 'GTIN 09506000134352, lot ABC123, serial S/1'],
      [`${ORIGIN}/01/09506000134352/10/ABC123`, 'Dal Giardino risotto rice, lot ABC123'],
      [`${ORIGIN}/01/09506000134352`, 'Dal Giardino risotto rice'],
    ]);
  });

  it('groups links by full link type URI and repeats the default with href and title only', () => {
    expect(linkset.linkset[2]).toEqual({
      anchor: `${ORIGIN}/01/09506000134352`,
      itemDescription: 'Dal Giardino risotto rice',
      'https://gs1.org/voc/defaultLink': [{ href: 'https://brand.example/en/pip', title: 'Product information' }],
      'https://gs1.org/voc/pip': [
        { href: 'https://brand.example/en/pip', title: 'Product information', type: 'text/html', hreflang: ['en'] },
        { href: 'https://brand.example/fr/pip', title: 'Informations produit', type: 'text/html', hreflang: ['fr'] },
      ],
      'https://gs1.org/voc/certificationInfo': [
        { href: 'https://brand.example/cert', title: 'Certificates', type: 'text/html' },
        { href: 'https://brand.example/cert.pdf', title: 'Certificates (PDF)', type: 'application/pdf' },
      ],
      'https://gs1.org/voc/recallStatus': [{ href: 'https://brand.example/recalls', title: 'Recalls' }],
      'https://gs1.org/voc/nutritionalInfo': [
        { href: 'https://brand.example/nutrition?src=qr', title: 'Nutrition', context: ['GB'] },
        { href: 'https://brand.example/nutrition-de#table', title: 'Nährwerte', context: ['DE'], hreflang: ['de'] },
      ],
    });
  });

  it('the schema check could fail: a CURIE key, a missing itemDescription and a regional hreflang are refused', () => {
    const broken: Linkset = JSON.parse(JSON.stringify(linkset));
    broken.linkset[0]['gs1:pip'] = [{ href: 'https://brand.example/', title: 'x' }];
    expect(validGs1(broken)).toBe(false);
    const undescribed = JSON.parse(JSON.stringify(linkset));
    delete undescribed.linkset[1].itemDescription;
    expect(validGs1(undescribed)).toBe(false);
    const regional = JSON.parse(JSON.stringify(linkset));
    regional.linkset[2]['https://gs1.org/voc/pip'][0].hreflang = ['es-419'];
    expect(validGs1(regional)).toBe(false);
  });
});
