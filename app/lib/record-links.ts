import { formTypeName, isDefaultFormType } from '../../common/forms/fields';

/** Where each built-in form type's records are added and edited (the dynamic form screens). */
const formPaths: Record<string, string> = {
  student: '/admin/students/add',
  course: '/admin/courses/add',
  branch: '/admin/branches/add',
  examResult: '/admin/exam/create',
};

/** Where each built-in form type's records are listed. */
const listPaths: Record<string, string> = {
  student: '/admin/students/registered',
  course: '/admin/courses',
  branch: '/admin/branches',
  examResult: '/admin/exam/list',
};

/** The form screen of a form type; a custom form's lives under /admin/forms. */
export function formPath(formType: string): string {
  return formPaths[formType] ?? `/admin/forms/${encodeURIComponent(formType)}`;
}

/** Whether a path is a form screen: a built-in form's or a custom form's (not its records list). */
export function isFormPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.values(formPaths).includes(path) || /^\/admin\/forms\/[^/]+$/.test(path);
}

/** The list of a form type's records. */
export function recordsPath(formType: string): string {
  return listPaths[formType] ?? `/admin/forms/${encodeURIComponent(formType)}/records`;
}

/** The form screen in edit mode for one record. */
export function editHref(formType: string, id: string): string {
  return `${formPath(formType)}?${new URLSearchParams({ isEditMode: 'true', _id: id })}`;
}

/** "Student", "Exam"; a custom form by its label (`name`) when known, else its type as words. */
export function typeName(formType: string, name?: string): string {
  return isDefaultFormType(formType) ? formTypeName(formType) : (name ?? formTypeName(formType));
}
