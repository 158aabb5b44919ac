import { GS1_LINK_TYPES, linkTypeTerm, linkTypeUri, toLinkTypeCurie } from './link-types';

describe('GS1_LINK_TYPES', () => {
  it('holds the 60 link types of GS1 Web Vocabulary 1.16, once each', () => {
    expect(GS1_LINK_TYPES).toHaveLength(60);
    expect(new Set(GS1_LINK_TYPES.map((term) => term.name)).size).toBe(60);
    expect(GS1_LINK_TYPES.filter((term) => term.group === 'resolver').map((term) => term.name)).toEqual(['defaultLink', 'defaultLinkMulti', 'handledBy']);
    expect(GS1_LINK_TYPES.filter((term) => term.deprecated).map((term) => term.name)).toEqual(['productSustainabilityInfo']);
  });
});

describe('toLinkTypeCurie', () => {
  it.each([
    ['gs1:pip', 'gs1:pip'],
    ['https://gs1.org/voc/pip', 'gs1:pip'],
    ['https://ref.gs1.org/voc/recallStatus', 'gs1:recallStatus'],
    ['https://www.gs1.org/voc/dpp', 'gs1:dpp'],
    ['http://gs1.org/voc/dpp', 'gs1:dpp'],
    ['gs1:nosuchlt', null],
    ['gs1:Pip', null],
    ['pip', null],
    ['schema:pip', null],
    ['https://example.org/voc/pip', null],
    ['linkset', null],
  ])('%s → %s', (value, curie) => {
    expect(toLinkTypeCurie(value)).toBe(curie);
  });
});

describe('linkTypeUri and linkTypeTerm', () => {
  it('maps a CURIE to its linkset key and its term', () => {
    expect(linkTypeUri('gs1:certificationInfo')).toBe('https://gs1.org/voc/certificationInfo');
    expect(linkTypeTerm('gs1:pip')?.label).toBe('Product Information Page');
    expect(linkTypeTerm('pip')).toBeUndefined();
  });
});
