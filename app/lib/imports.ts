import { importFormTypes, importWords, type ImportFormType } from '../../common/contracts/imports';
import { canOpen, findAdminRoute } from './route-registry';

/** The screen that adds one record of each kind: who may open it may import a file of them. */
const addScreens: Record<ImportFormType, string> = {
  student: '/admin/students/add',
  course: '/admin/courses/add',
  branch: '/admin/branches/add',
};

/** What a user may import: the kinds of record they may add one by one. */
export function importTypesFor(user: { role: string; permissions: readonly string[] }): ImportFormType[] {
  return importFormTypes.filter((formType) => {
    const route = findAdminRoute(addScreens[formType]);
    return route !== undefined && canOpen(route, user);
  });
}

/** Where the records an import made are listed. */
export const importedListOf: Record<ImportFormType, string> = {
  student: '/admin/students/admissions',
  course: '/admin/courses',
  branch: '/admin/branches',
};

export const importTitle = (formType: ImportFormType) => {
  const many = importWords[formType].many;
  return `Import ${many}`;
};

export const importScreenMessages = {
  noFile: 'Choose a CSV or Excel file to import',
  noType: 'Choose what the file holds',
};
