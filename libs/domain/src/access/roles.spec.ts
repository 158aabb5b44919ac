import { ROLES, type Role, canGrantRole, canManageApiKeys, canWrite, isRole } from './roles';

describe('roles', () => {
  it('knows owner, editor, viewer', () => {
    expect([...ROLES].sort()).toEqual(['editor', 'owner', 'viewer']);
  });

  it.each([
    ['owner', true],
    ['editor', true],
    ['viewer', false],
  ] as [Role, boolean][])('canWrite(%s) is %s', (role, expected) => {
    expect(canWrite(role)).toBe(expected);
  });

  it.each([
    ['owner', true],
    ['editor', true],
    ['viewer', false],
  ] as [Role, boolean][])('canManageApiKeys(%s) is %s', (role, expected) => {
    expect(canManageApiKeys(role)).toBe(expected);
  });

  const grantMatrix: [Role, Role, boolean][] = [
    ['owner', 'owner', true],
    ['owner', 'editor', true],
    ['owner', 'viewer', true],
    ['editor', 'owner', false],
    ['editor', 'editor', true],
    ['editor', 'viewer', true],
    ['viewer', 'owner', false],
    ['viewer', 'editor', false],
    ['viewer', 'viewer', true],
  ];

  it.each(grantMatrix)('canGrantRole(%s, %s) is %s', (granter, granted, expected) => {
    expect(canGrantRole(granter, granted)).toBe(expected);
  });

  it('covers every pair in the matrix', () => {
    expect(grantMatrix).toHaveLength(ROLES.length * ROLES.length);
  });

  it('isRole accepts the roles and rejects anything else', () => {
    for (const r of ROLES) expect(isRole(r)).toBe(true);
    for (const v of ['Owner', 'admin', '', null, undefined, 1, {}, ['owner']]) expect(isRole(v)).toBe(false);
  });
});
