import type { ListScreen } from '~/services/record-list.server';

/** The filters and sorts the student lists share. */
const studentScreen = {
  formType: 'student',
  filters: ['branchId', 'courseId', 'active', 'admission'],
  sorts: ['title', 'registrationNo', 'admissionDate', 'createdAt'],
  lookups: ['branches', 'courses'],
} as const;

/**
 * What each list of records asks of the records API, by the screen's path: its loader lists a
 * page of it, its export every row of it.
 */
export const recordScreens = {
  /** Students whose registration is done (isRegistered), pass-outs included, newest first. */
  '/admin/students/registered': { ...studentScreen, fixed: { registered: true }, defaults: { sort: 'createdAt', order: 'desc' } },
  '/admin/students/passout': { ...studentScreen, fixed: { passout: true }, defaults: { sort: 'createdAt', order: 'desc' } },
  /**
   * "New" means admitted but not yet registered (isRegistered false) nor passed out, newest first,
   * rather than "the most recent N": a list that empties as the office registers its students is a
   * to-do list, and a student never sits in New and in Registered or Pass-out at once. The most
   * recently added registered students are Registered Students in its default order.
   */
  '/admin/new-students': {
    ...studentScreen,
    fixed: { registered: false, passout: false },
    defaults: { sort: 'createdAt', order: 'desc' },
  },
  '/admin/students/admissions': { ...studentScreen, defaults: { sort: 'admissionDate', order: 'desc' } },
  '/admin/courses': {
    formType: 'course',
    filters: ['active'],
    sorts: ['title', 'createdAt'],
    defaults: { sort: 'title', order: 'asc' },
    lookups: ['categories'],
  },
  '/admin/branches': { formType: 'branch', filters: ['active'], sorts: ['title', 'createdAt'], defaults: { sort: 'title', order: 'asc' } },
  '/admin/exam/list': {
    formType: 'examResult',
    filters: ['courseId', 'upcoming'],
    sorts: ['title', 'createdAt'],
    defaults: { sort: 'createdAt', order: 'desc' },
    lookups: ['courses'],
  },
} as const satisfies Record<string, ListScreen>;

export type RecordScreenPath = keyof typeof recordScreens;

export const isRecordScreen = (path: string): path is RecordScreenPath => Object.hasOwn(recordScreens, path);
