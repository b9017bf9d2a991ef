/** Where each form type's records are added and edited (the dynamic form screens). */
const formPaths: Record<string, string> = {
  student: '/admin/students/add',
  course: '/admin/courses/add',
  branch: '/admin/branches/add',
  examResult: '/admin/exam/create',
};

export function formPath(formType: string): string | undefined {
  return formPaths[formType];
}

/** The form screen in edit mode for one record. */
export function editHref(formType: string, id: string): string | undefined {
  const path = formPaths[formType];
  return path ? `${path}?${new URLSearchParams({ isEditMode: 'true', _id: id })}` : undefined;
}
