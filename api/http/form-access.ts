import { isDefaultFormType, type DefaultFormType } from '../../common/forms/fields';
import { hasAnyPermission, type Actor } from '../domain/auth/actor';
import { messages } from './authenticate';
import { HttpError } from './errors';

export type FormAction = 'create' | 'read' | 'edit' | 'delete';

/**
 * Who may do what with the records of each form type, in both naming sets. Reading courses and
 * branches is also open to those who fill in the forms that choose one (a student's center and
 * course, an exam's course): the form screen loads its options from those lists. The home page's
 * editor picks the courses it highlights from the course list.
 */
const formPermissions: Record<DefaultFormType, Record<FormAction, readonly string[]>> = {
  student: {
    create: ['STUDENT_ADD'],
    read: ['STUDENT_VIEW_ALL', 'STUDENT_VIEW_BRANCH', 'STUDENT_VIEW_REGISTERED', 'STUDENT_VIEW_PASSOUT', 'STUDENT_VIEW_NEW'],
    edit: ['STUDENT_EDIT'],
    delete: ['STUDENT_DELETE'],
  },
  course: {
    create: ['COURSE_ADD'],
    read: ['COURSE_VIEW_ALL', 'COURSE_VIEW_BRANCH', 'COURSE_LIST', 'STUDENT_ADD', 'STUDENT_EDIT', 'EXAM_CREATE', 'SETTINGS_BODY'],
    edit: ['COURSE_EDIT'],
    delete: ['COURSE_DELETE'],
  },
  branch: {
    create: ['BRANCH_ADD'],
    read: ['BRANCH_VIEW_ALL', 'BRANCH_VIEW_BRANCH', 'BRANCH_LIST', 'STUDENT_ADD', 'STUDENT_EDIT'],
    edit: ['BRANCH_EDIT'],
    delete: ['BRANCH_DELETE'],
  },
  // The catalogue has no separate exam edit or delete permission: the exam form edits too.
  examResult: {
    create: ['EXAM_CREATE'],
    read: ['EXAM_VIEW_ALL', 'EXAM_VIEW_BRANCH', 'EXAM_LIST', 'EXAM_CREATE'],
    edit: ['EXAM_CREATE'],
    delete: ['EXAM_CREATE'],
  },
};

/** Records of custom forms are kept by whoever may edit the site's settings. */
export const customFormPermissions: readonly string[] = ['SETTINGS_EDIT'];

export function formPermissionNames(formType: string, action: FormAction): readonly string[] {
  return isDefaultFormType(formType) ? formPermissions[formType][action] : customFormPermissions;
}

/** Throws 403 unless the caller may do `action` with records of `formType` (a super admin always may). */
export function requireFormPermission(actor: Actor, formType: string, action: FormAction): void {
  if (!hasAnyPermission(actor, formPermissionNames(formType, action))) throw new HttpError(403, messages.forbidden);
}
