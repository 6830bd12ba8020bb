import { AccountType } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { isMenuPage, landingPath, mayOpen, titleOf, visibleMenu, workspaceOf, workspacesOf } from './menu.ts';

describe('console menu helpers', () => {
  it('names a page shared by a parent and its index child after the child', () => {
    expect(titleOf('/reconciliation')).toBe('simSupplierReconciliation');
    expect(titleOf('/reports')).toBe('simRenewalFees');
    expect(titleOf('/manage')).toBe('simManage');
    expect(titleOf('/user/info')).toBe('userInfo');
    expect(titleOf('/nowhere')).toBeUndefined();
  });

  it('makes tags only of pages, not of parents that redirect', () => {
    expect(isMenuPage('/manage')).toBe(false);
    expect(isMenuPage('/manage/sim')).toBe(true);
    expect(isMenuPage('/reconciliation')).toBe(true);
    expect(isMenuPage('/user/info')).toBe(true);
    expect(isMenuPage('/login')).toBe(false);
  });

  it('knows the workspace of a path', () => {
    expect(workspaceOf('/monitor/online')).toBe('tracking');
    expect(workspaceOf('/manage/sim')).toBe('sim');
    expect(workspaceOf('/user/info')).toBeUndefined();
  });

  it('hides hidden entries and entries without the function id', () => {
    const menu = visibleMenu('sim', new Set([3, 14, 18, 5]));
    expect(menu.map((e) => e.path)).toEqual(['/account']);
    expect(menu[0]?.children?.map((e) => e.path)).toEqual(['/account/hold']);
  });

  it('offers only the workspaces with an entry and lands on the first page', () => {
    expect(workspacesOf(new Set([1]))).toEqual(['sim']);
    expect(landingPath(new Set([1]))).toBe('/home/index');
    expect(landingPath(new Set([30, 31, 1]), 'sim')).toBe('/home/index');
    expect(landingPath(new Set([30, 31, 1]))).toBe('/monitor/online');
    expect(landingPath(new Set())).toBe('/user/info');
  });

  it('lands an installer account on its phone view, whatever its functions', () => {
    expect(landingPath(new Set([30, 31, 42]), 'tracking', AccountType.Installer)).toBe('/installer');
    expect(landingPath(new Set([30, 31, 42]), 'tracking', AccountType.User)).toBe('/monitor/online');
  });

  it('opens a page a log-in was sent from only for a user who may open it', () => {
    expect(mayOpen('/vip/wallet?x=1', new Set([71, 66]))).toBe(true);
    expect(mayOpen('/vip/wallet', new Set([66]))).toBe(false);
    expect(mayOpen('/vip/wallet', new Set([71, 73]))).toBe(false);
    expect(mayOpen('/notice', new Set([1]))).toBe(false);
    expect(mayOpen('/user/info', new Set())).toBe(true);
    expect(mayOpen('/installer/tasks', new Set(), AccountType.Installer)).toBe(true);
    expect(mayOpen('/user/info', new Set(), AccountType.Installer)).toBe(false);
    expect(mayOpen('/installer', new Set([30]), AccountType.User)).toBe(false);
  });
});
