import { contentBody, createBody, newCodeState, stateOfCode } from './code-form-state';
import { emptyGs1Content, gs1ContentBody, type Gs1EditorContent, gs1EditorContent, gtinFeedback } from './gs1-form';
import { type QrCode } from '../../api/types';

const rice = (patch: Partial<Gs1EditorContent> = {}): Gs1EditorContent => ({
  ...emptyGs1Content(),
  gtin: '9506000134352',
  links: [
    {
      link_type: 'gs1:pip',
      href: ' https://brand.example/en/rice ',
      title: 'Risotto rice',
      hreflang: 'en, en-gb',
      type: 'text/html',
      context: '',
      default: true,
    },
    { link_type: 'gs1:pip', href: 'https://brand.example/fr/riz', title: 'Riz à risotto', hreflang: 'FR', type: '', context: 'FR, BE', default: false },
  ],
  ...patch,
});

describe('the GS1 editor’s GTIN feedback', () => {
  it('judges the check digit as the server does, naming the right digit, in one sentence', () => {
    expect(gtinFeedback('9506000134352')).toEqual({ ok: true, text: 'Check digit correct: a GTIN-13 (EAN), printed as 09506000134352.' });
    expect(gtinFeedback('96385074')).toEqual({ ok: true, text: 'Check digit correct: a GTIN-8, printed as 00000096385074.' });
    expect(gtinFeedback('614141123452')).toEqual({ ok: true, text: 'Check digit correct: a GTIN-12 (UPC-A), printed as 00614141123452.' });
    expect(gtinFeedback('9506000134353')).toEqual({ ok: false, text: 'Wrong check digit. The check digit should be 2: 9506000134352.' });
    expect(gtinFeedback('95060001343a2')).toEqual({ ok: false, text: 'Digits only: a GTIN has 8, 12, 13 or 14 digits.' });
    expect(gtinFeedback('')).toBeNull();
  });

  it('tells a number still being typed from one that is too long', () => {
    expect(gtinFeedback('1')).toEqual({ ok: false, text: '1 digit: a GTIN has 8, 12, 13 or 14.', typing: true });
    expect(gtinFeedback('950600')).toEqual({ ok: false, text: '6 digits: a GTIN has 8, 12, 13 or 14.', typing: true });
    expect(gtinFeedback('950600013435211')).toEqual({ ok: false, text: '15 digits: a GTIN has 8, 12, 13 or 14.', typing: false });
  });
});

describe('the GS1 editor’s requests', () => {
  it('sends the content as the API takes it: lists from comma-separated text, languages in BCP 47 case, empty fields left out', () => {
    expect(gs1ContentBody(rice())).toEqual({
      gtin: '9506000134352',
      links: [
        { link_type: 'gs1:pip', href: 'https://brand.example/en/rice', title: 'Risotto rice', hreflang: ['en', 'en-GB'], type: 'text/html', default: true },
        { link_type: 'gs1:pip', href: 'https://brand.example/fr/riz', title: 'Riz à risotto', hreflang: ['fr'], context: ['FR', 'BE'] },
      ],
    });
  });

  it('sends qualifiers and data attributes by AI', () => {
    const body = gs1ContentBody(
      rice({
        lot: 'ABC123',
        serial: 'S/1',
        data: [
          { ai: '17', value: '270101' },
          { ai: '3103', value: ' 000250 ' },
        ],
      }),
    );
    expect(body).toMatchObject({ gtin: '9506000134352', lot: 'ABC123', serial: 'S/1', data: { '17': '270101', '3103': '000250' } });
    expect(body).not.toHaveProperty('cpv');
  });

  it('is the form’s content for type gs1, a dynamic code with one default link to start from', () => {
    const state = newCodeState('gs1');
    expect(state.category).toBe('dynamic');
    expect(state.content).toEqual(emptyGs1Content());
    expect(createBody({ ...state, timezone: 'UTC', content: { ...rice() } })).toMatchObject({
      type: 'gs1',
      category: 'dynamic',
      content: gs1ContentBody(rice()),
    });
  });

  it('reads a stored code back into the editor, and sends it back unchanged', () => {
    const content = {
      gtin: '09506000134352',
      lot: 'ABC123',
      data: { '17': '270101' },
      links: [
        { link_type: 'gs1:recallStatus', href: 'https://brand.example/en/lots/ABC123', title: 'Recall status', hreflang: ['en', 'en-GB'], default: true },
        { link_type: 'gs1:recallStatus', href: 'https://brand.example/fr/lots/ABC123', title: 'Rappel', hreflang: ['fr'], context: ['FR'] },
      ],
    };
    expect(gs1EditorContent(content).links[0].hreflang).toBe('en, en-GB');
    const state = stateOfCode({ name: 'Lot', type: 'gs1', category: 'dynamic', timezone: 'UTC', content, destinations: [] } as unknown as QrCode);
    expect(contentBody('gs1', state.content)).toEqual(content);
  });
});
