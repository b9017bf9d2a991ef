import { choiceParam, dayParam, listQueryParser, textParam, type QueryDefaults as Defaults } from './list-query';

/** The address of a list of form records (students, courses, branches, exams, custom forms). */

/** The columns the records API sorts by. */
export const sortFields = ['createdAt', 'title', 'admissionDate', 'registrationNo'] as const;
export type SortField = (typeof sortFields)[number];

/**
 * The filters a screen may offer; `admission` is the pair admissionFrom/admissionTo, `upcoming`
 * keeps the exams with a subject dated today or later.
 */
export type FilterName = 'branchId' | 'courseId' | 'active' | 'admission' | 'upcoming';

export const parseListQuery = listQueryParser({
  sorts: sortFields,
  filters: {
    branchId: textParam(100),
    courseId: textParam(100),
    /** '' means either. */
    active: choiceParam(['true', 'false']),
    admissionFrom: dayParam(),
    admissionTo: dayParam(),
    upcoming: choiceParam(['true']),
  },
});

export type ListQuery = ReturnType<typeof parseListQuery>;
export type QueryDefaults = Defaults<SortField>;
