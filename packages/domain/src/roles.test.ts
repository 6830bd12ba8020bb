import { describe, expect, it } from 'vitest';
import { AccountType } from './enums.ts';
import { grantableAccountTypes, manageRefusal } from './roles.ts';

const { SuperAdmin, Admin, User, Installer } = AccountType;

describe('roles', () => {
  it('offers only the account types at or below the giver’s own, never the super administrator', () => {
    expect(grantableAccountTypes(SuperAdmin)).toEqual([Admin, User, Installer]);
    expect(grantableAccountTypes(Admin)).toEqual([Admin, User, Installer]);
    expect(grantableAccountTypes(User)).toEqual([User, Installer]);
    expect(grantableAccountTypes(Installer)).toEqual([Installer]);
  });

  it('names why an account may not be managed', () => {
    const admin = { accountType: Admin, funs: new Set([1, 2, 68]) };
    expect(manageRefusal(admin, { accountType: SuperAdmin, funs: [] })).toBe('superAdmin');
    expect(manageRefusal({ ...admin, accountType: User }, { accountType: Admin, funs: [] })).toBe('typeAbove');
    expect(manageRefusal(admin, { accountType: User, funs: [1, 3] })).toBe('moreFunctions');
    expect(manageRefusal(admin, { accountType: Admin, funs: [1, 68] })).toBeNull();
    // The super administrator holds every function, even one an account keeps from an older catalogue.
    expect(manageRefusal({ accountType: SuperAdmin, funs: new Set() }, { accountType: Admin, funs: [999] })).toBeNull();
  });
});
