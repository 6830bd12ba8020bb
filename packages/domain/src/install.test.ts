import { describe, expect, it } from 'vitest';
import { TaskStatus } from './enums.ts';
import {
  canTransition,
  INSTALL_PHOTO,
  INSTALL_POSITION_KEYS,
  INSTALL_POSITIONS,
  isJpeg,
  photoRefusal,
  submitBlockers,
  TASK_STATUSES,
  TASK_TRANSITIONS,
  taskTransition,
  transitionsFor,
} from './install.ts';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);

describe('install task transitions', () => {
  it('lets each role make only its own moves', () => {
    expect(canTransition(TaskStatus.Created, TaskStatus.WaitingConfirm, 'dispatcher')).toBe(true);
    expect(canTransition(TaskStatus.WaitingConfirm, TaskStatus.Working, 'installer')).toBe(true);
    expect(canTransition(TaskStatus.WaitingConfirm, TaskStatus.Working, 'dispatcher')).toBe(false);
    expect(canTransition(TaskStatus.Working, TaskStatus.WaitingApproval, 'installer')).toBe(true);
    expect(canTransition(TaskStatus.Working, TaskStatus.WaitingApproval, 'auditor')).toBe(false);
    expect(canTransition(TaskStatus.WaitingApproval, TaskStatus.Completed, 'auditor')).toBe(true);
    expect(canTransition(TaskStatus.WaitingApproval, TaskStatus.Completed, 'installer')).toBe(false);
    expect(canTransition(TaskStatus.WaitingApproval, TaskStatus.Working, 'auditor')).toBe(true);
    expect(canTransition(TaskStatus.Created, TaskStatus.Cancelled, 'dispatcher')).toBe(true);
    expect(canTransition(TaskStatus.WaitingConfirm, TaskStatus.Cancelled, 'dispatcher')).toBe(true);
    expect(canTransition(TaskStatus.WaitingConfirm, TaskStatus.Cancelled, 'installer')).toBe(false);
  });

  it('refuses every move the table does not list, whoever asks', () => {
    const listed = new Set(TASK_TRANSITIONS.map((t) => `${t.from}>${t.to}`));
    for (const from of TASK_STATUSES)
      for (const to of TASK_STATUSES) {
        if (listed.has(`${from}>${to}`)) continue;
        for (const role of ['dispatcher', 'installer', 'auditor'] as const)
          expect(canTransition(from, to, role), `${from}>${to} by ${role}`).toBe(false);
      }
    expect(canTransition(TaskStatus.Working, TaskStatus.Cancelled, 'dispatcher')).toBe(false);
    expect(canTransition(TaskStatus.Completed, TaskStatus.Working, 'auditor')).toBe(false);
    expect(canTransition(TaskStatus.Cancelled, TaskStatus.Created, 'dispatcher')).toBe(false);
  });

  it('leaves the final statuses with no way out', () => {
    for (const t of TASK_TRANSITIONS) expect([TaskStatus.Completed, TaskStatus.Cancelled]).not.toContain(t.from);
  });

  it('asks a reason of a rejection and a decline only', () => {
    expect(taskTransition(3, 2)?.remarkRequired).toBe(true);
    expect(taskTransition(1, 0)?.remarkRequired).toBe(true);
    expect(taskTransition(3, 9)?.remarkRequired).toBe(false);
    expect(taskTransition(2, 9)).toBeUndefined();
  });

  it('lists the moves a caller may make from a status', () => {
    expect(transitionsFor(3, ['auditor']).map((t) => t.action)).toEqual(['approve', 'reject']);
    expect(transitionsFor(1, ['installer']).map((t) => t.action)).toEqual(['accept', 'decline']);
    expect(transitionsFor(1, ['dispatcher']).map((t) => t.action)).toEqual(['cancel']);
    expect(transitionsFor(9, ['dispatcher', 'installer', 'auditor'])).toEqual([]);
  });

  it('asks a device proven online and a photo before a submit', () => {
    expect(submitBlockers({ provenDevices: 0, photos: 0 })).toEqual(['noOnlineDevice', 'noPhoto']);
    expect(submitBlockers({ provenDevices: 1, photos: 0 })).toEqual(['noPhoto']);
    expect(submitBlockers({ provenDevices: 2, photos: 1 })).toEqual([]);
  });
});

describe('install photos', () => {
  it('knows a JPEG by its first bytes, not its name', () => {
    expect(isJpeg(JPEG)).toBe(true);
    expect(isJpeg(PNG)).toBe(false);
    expect(isJpeg(Uint8Array.from([0xff, 0xd8]))).toBe(false);
  });

  it('refuses a non-JPEG, 5 MB or more, a tenth photo and a fifth in one position', () => {
    expect(photoRefusal(PNG, { task: 0, position: 0 })).toBe('notJpeg');
    const big = new Uint8Array(INSTALL_PHOTO.maxBytes);
    big.set(JPEG);
    expect(photoRefusal(big, { task: 0, position: 0 })).toBe('tooLarge');
    expect(photoRefusal(big.subarray(0, INSTALL_PHOTO.maxBytes - 1), { task: 0, position: 0 })).toBeNull();
    expect(photoRefusal(JPEG, { task: 9, position: null })).toBe('tooManyForTask');
    expect(photoRefusal(JPEG, { task: 4, position: 4 })).toBe('tooManyForPosition');
    expect(photoRefusal(JPEG, { task: 8, position: 3 })).toBeNull();
    expect(photoRefusal(JPEG, { task: 8, position: null })).toBeNull();
  });

  it('names every position', () => {
    for (const p of INSTALL_POSITIONS) expect(INSTALL_POSITION_KEYS[p]).toMatch(/^[a-zA-Z]+$/);
  });
});
