import { parseCodeCsv, toRowError } from './index';

const folders = (nameOrId: string) => ({ 'spring 2026': 'fld_spring', fld_spring: 'fld_spring' })[nameOrId.toLowerCase()] ?? null;

describe('parseCodeCsv', () => {
  it('reads rows into create requests, with their line numbers', () => {
    const csv = [
      'Client_Ref,Name,URL,Folder,Scan_Limit,Daily_Days',
      'sku-1,Box 1,https://example.com/1,Spring 2026,100,"mon,tue"',
      '',
      'sku-2,"Box ""two""",https://example.com/2,,,',
    ].join('\n');
    const parsed = parseCodeCsv(csv, folders);
    expect(parsed).toEqual({
      ok: true,
      errors: [],
      rows: [
        {
          line: 2,
          item: {
            type: 'website',
            client_ref: 'sku-1',
            name: 'Box 1',
            folder_id: 'fld_spring',
            scan_limit: 100,
            daily_days: ['mon', 'tue'],
            content: { url: 'https://example.com/1' },
          },
        },
        { line: 4, item: { type: 'website', client_ref: 'sku-2', name: 'Box "two"', content: { url: 'https://example.com/2' } } },
      ],
    });
  });

  it('fills content from the columns of each row’s type, numbers and booleans typed', () => {
    const csv =
      'client_ref,type,category,ssid,password,encryption,hidden,latitude,longitude,text\nw1,wifi,static,Cafe,secret123,WPA,yes,,,\nl1,location,,,,,,52.52,13.405,\nt1,text,,,,,,,,Hello';
    const parsed = parseCodeCsv(csv, folders);
    if (!parsed.ok) throw new Error('expected ok');
    expect(parsed.rows.map((r) => r.item.content)).toEqual([
      { ssid: 'Cafe', password: 'secret123', encryption: 'WPA', hidden: true },
      { latitude: 52.52, longitude: 13.405 },
      { text: 'Hello' },
    ]);
    expect(parsed.rows[0].item.category).toBe('static');
  });

  it('takes a menu or form as JSON in the content column', () => {
    const csv = 'client_ref,type,content\nm1,menu,"{""title"":""Lunch"",""sections"":[{""name"":""Mains"",""items"":[{""name"":""Soup""}]}]}"';
    const parsed = parseCodeCsv(csv, folders);
    expect(parsed.ok && parsed.rows[0].item.content).toEqual({ title: 'Lunch', sections: [{ name: 'Mains', items: [{ name: 'Soup' }] }] });
  });

  it('reports a row’s own problems with its line and column, and keeps the other rows', () => {
    const csv = 'client_ref,url,folder,content\n,https://a.example,,\nsku-2,https://b.example,Nope,\nsku-3,,,{oops\nsku-4,https://d.example,,';
    const parsed = parseCodeCsv(csv, folders);
    if (!parsed.ok) throw new Error('expected ok');
    expect(parsed.errors).toEqual([
      { line: 2, column: 'client_ref', code: 'required', detail: expect.any(String) },
      { line: 3, column: 'folder', code: 'not_found', detail: expect.stringContaining('Nope') },
      { line: 4, column: 'content', code: 'invalid_json', detail: expect.any(String) },
    ]);
    expect(parsed.rows.map((r) => r.line)).toEqual([5]);
  });

  it('reads gs1 rows: the GTIN and qualifiers as columns, data as the URI’s query string, one link in link_* or every link as JSON', () => {
    const links = JSON.stringify([
      { link_type: 'gs1:pip', href: 'https://brand.example/en', title: 'Rice', hreflang: ['en'], default: true },
      { link_type: 'gs1:pip', href: 'https://brand.example/fr', title: 'Riz', hreflang: ['fr'] },
    ]).replace(/"/g, '""');
    const csv = [
      'client_ref,type,name,gtin,lot,serial,data,link_type,link_href,link_title,link_hreflang,links',
      `p1,gs1,Rice,9506000134352,,,,,,,,"${links}"`,
      'l1,GS1,Rice lot,09506000134352,ABC123,,17=270101&3103=000500,gs1:recallStatus,https://brand.example/lots/ABC123,Recall status,,',
      's1,gs1,,09506000134352,ABC123,S1,?17=270101,,https://brand.example/s1,Serial page,"en, fr",',
    ].join('\n');
    const parsed = parseCodeCsv(csv, folders);
    if (!parsed.ok) throw new Error('expected ok');
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((r) => r.item.content)).toEqual([
      { gtin: '9506000134352', links: JSON.parse(links.replace(/""/g, '"')) },
      {
        gtin: '09506000134352',
        lot: 'ABC123',
        data: { '17': '270101', '3103': '000500' },
        links: [{ link_type: 'gs1:recallStatus', href: 'https://brand.example/lots/ABC123', title: 'Recall status', default: true }],
      },
      {
        gtin: '09506000134352',
        lot: 'ABC123',
        serial: 'S1',
        data: { '17': '270101' },
        links: [{ link_type: 'gs1:pip', href: 'https://brand.example/s1', title: 'Serial page', hreflang: ['en', 'fr'], default: true }],
      },
    ]);
    expect(parsed.rows[0].columns).toBeUndefined();
    expect(parsed.rows[2].columns).toMatchObject({ '/content/links/0/href': 'link_href', '/content/links/0/hreflang': 'link_hreflang' });
  });

  it('reports a gs1 row’s unreadable data, bad links JSON, or links given both ways', () => {
    const csv = [
      'client_ref,type,gtin,data,links,link_href',
      'a,gs1,9506000134352,17:270101,,https://a.example',
      'b,gs1,9506000134352,,[{oops,',
      'c,gs1,9506000134352,,[],https://c.example',
    ].join('\n');
    const parsed = parseCodeCsv(csv, folders);
    if (!parsed.ok) throw new Error('expected ok');
    expect(parsed.errors.map((e) => [e.line, e.column, e.code])).toEqual([
      [2, 'data', 'invalid_data'],
      [3, 'links', 'invalid_json'],
      [4, 'links', 'conflicting_columns'],
    ]);
    expect(parsed.rows).toEqual([]);
  });

  it('counts lines across a value that spans lines', () => {
    const parsed = parseCodeCsv('client_ref,name,url\nsku-1,"two\nlines",https://a.example\nsku-2,x,https://b.example', folders);
    expect(parsed.ok && parsed.rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('refuses a file without a client_ref column, with unknown columns, or unreadable', () => {
    expect(parseCodeCsv('name,url\nBox,https://a.example', folders)).toMatchObject({
      ok: false,
      errors: [{ line: 1, column: 'client_ref', code: 'required' }],
    });
    expect(parseCodeCsv('client_ref,colour\nsku,red', folders)).toMatchObject({ ok: false, errors: [{ line: 1, column: 'colour', code: 'unknown_column' }] });
    expect(parseCodeCsv('client_ref,name\nsku,"unterminated', folders)).toMatchObject({ ok: false, errors: [{ code: 'invalid_csv' }] });
    expect(parseCodeCsv('client_ref,name\n', folders)).toMatchObject({ ok: false, errors: [{ code: 'empty' }] });
  });

  it('reads a UTF-8 BOM and CRLF line ends, as spreadsheets write them', () => {
    const parsed = parseCodeCsv('\uFEFFclient_ref,name,url\r\nsku-1,Café,https://a.example\r\n', folders);
    expect(parsed.ok && parsed.rows[0]).toEqual({
      line: 2,
      item: { type: 'website', client_ref: 'sku-1', name: 'Café', content: { url: 'https://a.example' } },
    });
  });
});

describe('toRowError', () => {
  it('maps an API pointer of a bulk item to the row’s line and column', () => {
    const row = { line: 7 };
    expect(toRowError({ pointer: '/items/3/content/url', code: 'invalid_url', detail: 'x' }, row, '/items/3')).toEqual({
      line: 7,
      column: 'url',
      code: 'invalid_url',
      detail: 'x',
      pointer: '/content/url',
    });
    expect(toRowError({ pointer: '/items/3/folder_id', code: 'not_found', detail: 'x' }, row, '/items/3')).toMatchObject({ column: 'folder' });
    expect(toRowError({ pointer: '/items/3/content/sections/0/name', code: 'required', detail: 'x' }, row, '/items/3')).toMatchObject({ column: 'content' });
    expect(toRowError({ pointer: '/items/3', code: 'invalid', detail: 'x' }, row, '/items/3')).toEqual({ line: 7, column: null, code: 'invalid', detail: 'x' });
  });

  it('maps a gs1 row’s errors to its gs1 columns, the link_* columns when the link came from them', () => {
    const parsed = parseCodeCsv('client_ref,type,gtin,link_href,link_hreflang\ns1,gs1,9506000134353,https://a.example,english', folders);
    if (!parsed.ok) throw new Error('expected ok');
    const [row] = parsed.rows;
    const error = (pointer: string) => toRowError({ pointer: `/items/0${pointer}`, code: 'c', detail: 'd' }, row, '/items/0');
    expect(error('/content/gtin')).toMatchObject({ line: 2, column: 'gtin', pointer: '/content/gtin' });
    expect(error('/content/links/0/title')).toMatchObject({ column: 'link_title' });
    expect(error('/content/links/0/hreflang/0')).toMatchObject({ column: 'link_hreflang', pointer: '/content/links/0/hreflang/0' });
    expect(error('/content/data/17')).toMatchObject({ column: 'data' });
    expect(toRowError({ pointer: '/items/0/content/links/1/href', code: 'c', detail: 'd' }, { line: 3 }, '/items/0')).toMatchObject({ column: 'links' });
  });
});
