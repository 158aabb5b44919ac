import type { VcardContent } from '@qr/qr-content';
import { renderVcardPage } from './render-vcard-page';
import { ParsedPage, attr, textOf } from './testing/parsed-page';

const CARD: VcardContent = {
  first_name: 'Ana',
  last_name: 'Lima',
  organization: 'Lima & Co',
  title: 'Chef',
  phone: '+49 (30) 1234-56',
  email: 'ana@example.com',
  url: 'https://lima.example/about',
  address: 'Hauptstr. 1\n10115 Berlin',
  note: 'Call after 10.',
};

function links(page: ParsedPage): [string | undefined, string][] {
  return page.all('a').map((link) => [attr(link, 'href'), textOf(link)]);
}

describe('renderVcardPage', () => {
  const page = renderVcardPage(CARD, { vcfHref: '/abc123.vcf' });
  const parsed = new ParsedPage(page.html);

  it('answers 200 with the name, role and organisation', () => {
    expect(page.status).toBe(200);
    expect(parsed.texts('title')).toEqual(['Ana Lima']);
    expect(parsed.texts('h1')).toEqual(['Ana Lima']);
    expect(parsed.texts('p')).toEqual(['Chef, Lima & Co']);
  });

  it('lists the details, keeping the address lines', () => {
    expect(parsed.texts('dt')).toEqual(['Phone', 'Email', 'Website', 'Address', 'Note']);
    expect(parsed.texts('dd')).toEqual([CARD.phone, CARD.email, CARD.url, CARD.address, CARD.note]);
  });

  it('links phone, email and website, and offers the .vcf', () => {
    expect(links(parsed)).toEqual([
      ['tel:+4930123456', CARD.phone],
      ['mailto:ana@example.com', CARD.email],
      ['https://lima.example/about', CARD.url],
      ['/abc123.vcf', 'Add to contacts'],
    ]);
  });

  it('shows only what the card has', () => {
    const bare = new ParsedPage(renderVcardPage({ first_name: 'Ana', phone: '', url: '' }, { vcfHref: '/c.vcf' }).html);
    expect(bare.texts('h1')).toEqual(['Ana']);
    expect(bare.all('p')).toHaveLength(0);
    expect(bare.all('dl')).toHaveLength(0);
    expect(links(bare)).toEqual([['/c.vcf', 'Add to contacts']]);
  });

  it('shows an email that would bend a mailto: URI as text only', () => {
    const odd = new ParsedPage(renderVcardPage({ first_name: 'Ana', email: 'ana@example.com?bcc=eve@example.com' }, { vcfHref: '/c.vcf' }).html);
    expect(links(odd)).toEqual([['/c.vcf', 'Add to contacts']]);
    expect(odd.texts('dd')).toEqual(['ana@example.com?bcc=eve@example.com']);
  });
});
