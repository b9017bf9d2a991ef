import { describe, expect, it } from 'vitest';
import { KNOWN_ROLES, LOWEST_ROLE, mayManageRole, refusalToManage, roleLabel } from './roles';

describe('roleLabel', () => {
  it('names the known roles one way', () => {
    expect(KNOWN_ROLES.map(roleLabel)).toEqual(['Super Admin', 'Admin', 'Branch Admin', 'Branch User', 'Branch Operator', 'User']);
  });

  it('reads the super admin role in any spelling, as the API does', () => {
    expect(roleLabel('SuperAdmin')).toBe('Super Admin');
    expect(roleLabel(' superadmin ')).toBe('Super Admin');
  });

  it('puts a free-text role in words with capitals, keeping capitals it has', () => {
    expect(roleLabel('lab_assistant')).toBe('Lab Assistant');
    expect(roleLabel('teacher')).toBe('Teacher');
    expect(roleLabel('head-of  IT')).toBe('Head Of IT');
  });
});

describe('LOWEST_ROLE', () => {
  it('is the plain user, the last of the known roles', () => {
    expect(LOWEST_ROLE).toBe('user');
  });
});

describe('mayManageRole', () => {
  it('lets a super admin manage every role, and others only the roles ranked below theirs or plain staff', () => {
    expect(mayManageRole('superadmin', 'superadmin')).toBe(true);
    expect(mayManageRole('admin', 'admin')).toBe(false);
    expect(mayManageRole('admin', 'Superadmin')).toBe(false);
    expect(mayManageRole('admin', 'branch_admin')).toBe(true);
    expect(mayManageRole('branch_admin', 'branch_admin')).toBe(false);
    expect(mayManageRole('branch_admin', 'branch_user')).toBe(true);
    expect(mayManageRole('branch_user', 'lab_assistant')).toBe(true);
    expect(mayManageRole('branch_user', 'admin')).toBe(false);
  });
});

describe('refusalToManage', () => {
  const admin = { id: 'a', role: 'admin', permissions: new Set(['STUDENT_ADD', 'USERS_MANAGE']) };
  const user = (role: string, permissions: string[] = [], id = 'u') => ({ id, role, permissions });

  it('lets a caller manage their own account and plain staff holding nothing they lack', () => {
    expect(refusalToManage(admin, user('admin', ['EVERYTHING'], 'a'))).toBeNull();
    expect(refusalToManage(admin, user('branch_user', ['STUDENT_ADD']))).toBeNull();
    expect(refusalToManage({ ...admin, role: 'superadmin' }, user('superadmin', ['EVERYTHING']))).toBeNull();
  });

  it('says why it refuses the rest: a super admin, a rank at or above, a permission beyond', () => {
    expect(refusalToManage(admin, user('superadmin'))).toBe('superadmin');
    expect(refusalToManage(admin, user('admin'))).toBe('rank');
    expect(refusalToManage(admin, user('branch_admin', ['WALLET_VIEW']))).toBe('permissions');
  });
});
