/**
 * Who may do what with course papers, by permission: the API holds callers to these lists and
 * the screens show their controls by them. Papers are part of their course: read by whoever may
 * read or edit courses (either naming set), and by whoever creates exams (the exam form fills its
 * subjects from them); added by whoever may add or edit courses; changed and removed by whoever
 * may edit them. Free of zod, so that the palette's action reads them without loading
 * validation into the first page of every session.
 */
export const coursePaperReaders = ['COURSE_VIEW_ALL', 'COURSE_VIEW_BRANCH', 'COURSE_LIST', 'COURSE_EDIT', 'EXAM_CREATE'] as const;
export const coursePaperAdders = ['COURSE_EDIT', 'COURSE_ADD'] as const;
export const coursePaperEditors = ['COURSE_EDIT'] as const;
