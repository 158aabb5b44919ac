import { passwordBody, passwordForm } from './password-form';

describe('passwordBody', () => {
  it('sends nothing when nothing was typed: a create without one, an edit that keeps it', () => {
    expect(passwordBody(passwordForm())).toEqual({});
    expect(passwordBody(passwordForm(true))).toEqual({});
  });

  it('sends a typed password to set or change it', () => {
    expect(passwordBody({ ...passwordForm(), next: 'open sesame' })).toEqual({ password: 'open sesame' });
    expect(passwordBody({ ...passwordForm(true), next: 'another one' })).toEqual({ password: 'another one' });
  });

  it('sends null to remove a protected code’s password, whatever was typed', () => {
    expect(passwordBody({ ...passwordForm(true), remove: true, next: 'typed anyway' })).toEqual({ password: null });
  });

  it('never sends null for a code that has no password (it would be a change that changes nothing)', () => {
    expect(passwordBody({ ...passwordForm(false), remove: true })).toEqual({});
  });
});
