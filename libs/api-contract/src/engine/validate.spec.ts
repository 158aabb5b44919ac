import { Declaration } from './declare';
import { fault } from './fault';
import { Field } from './fields';
import { check } from './validate';

const positive = Field((value) => (typeof value === 'number' && value > 0 ? [] : [fault('invalid', 'must be a positive number')]), { type: 'number' });

@Declaration({ base: true })
class Counted {
  @positive
  count?: number;
}

class Parent extends Counted {}

describe('check: class-validator rules kept per class', () => {
  it('answers the same on the second object of a class as on the first', () => {
    for (let i = 0; i < 2; i++) {
      expect(check(Counted, { count: 1 })).toMatchObject({ ok: true });
      expect(check(Counted, { count: -1 })).toMatchObject({ ok: false, errors: [{ pointer: '/count', code: 'invalid' }] });
      expect(check(Counted, { other: 1 })).toMatchObject({ ok: false, errors: [{ pointer: '/other', code: 'unknown_field' }] });
    }
  });

  it('sees a rule registered after the class was validated, on it and on a class that extends it', () => {
    expect(check(Parent, { count: 2, limit: -1 })).toMatchObject({ ok: false, errors: [{ pointer: '/limit', code: 'unknown_field' }] });
    positive(Counted.prototype, 'limit');
    expect(check(Counted, { count: 2, limit: -1 })).toMatchObject({ ok: false, errors: [{ pointer: '/limit', code: 'invalid' }] });
    expect(check(Parent, { count: 2, limit: -1 })).toMatchObject({ ok: false, errors: [{ pointer: '/limit', code: 'invalid' }] });
  });
});
