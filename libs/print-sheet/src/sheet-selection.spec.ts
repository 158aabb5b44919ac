import { MAX_SHEET_CODES, parseSheetSelection } from './index';

describe('parseSheetSelection', () => {
  it('takes a selection of ids as given, so pointers name what was sent', () => {
    const ids = ['qr_00VbuwZFy8h9UBQOUM4zflaq', 'qr_00VbuwZFy8h9UBQOUM4zflaq', 'qr_00VbuwZG8b9uJV09VQJbqqvS'];
    expect(parseSheetSelection({ code_ids: ids })).toEqual({ ok: true, selection: { kind: 'codes', ids } });
    expect(parseSheetSelection({ code_ids: [ids[0], ids[0], 'nope'] })).toMatchObject({ ok: false, errors: [{ pointer: '/code_ids/2' }] });
  });

  it('takes a folder', () => {
    expect(parseSheetSelection({ folder_id: 'fld_123' })).toEqual({ ok: true, selection: { kind: 'folder', folderId: 'fld_123' } });
  });

  it.each([
    ['neither', {}, '/code_ids'],
    ['both', { code_ids: ['qr_00VbuwZFy8h9UBQOUM4zflaq'], folder_id: 'fld_1' }, '/code_ids'],
    ['an empty selection', { code_ids: [] }, '/code_ids'],
    ['a bad id', { code_ids: ['qr_00VbuwZFy8h9UBQOUM4zflaq', 'nope'] }, '/code_ids/1'],
    ['a folder that is not a string', { folder_id: 7 }, '/folder_id'],
  ])('refuses %s', (_label, input, pointer) => {
    expect(parseSheetSelection(input)).toMatchObject({ ok: false, errors: [{ pointer }] });
  });

  it(`refuses more than ${MAX_SHEET_CODES} codes`, () => {
    const ids = Array.from({ length: MAX_SHEET_CODES + 1 }, (_, i) => `qr_${String(i).padStart(24, '0')}`);
    expect(parseSheetSelection({ code_ids: ids })).toMatchObject({ ok: false, errors: [{ code: 'too_many_items' }] });
  });
});
