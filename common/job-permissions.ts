/*
 * Who starts which long work, in both naming sets: the API's endpoints and the route registry
 * hold to these lists. Free of zod, so the registry brings none into the first page load.
 */

/** Whoever may add students, courses or branches one by one may import a file of them (decision 038). */
export const importers = ['STUDENT_ADD', 'COURSE_ADD', 'BRANCH_ADD'] as const;

/** Who has a Jobs panel: whoever may start a job of some kind; a new kind's area adds its own. */
export const jobStarters = ['MARKSHEET_GENERATE', 'EXAM_STUDENT_MARKSHEET', 'CERTIFICATE_GENERATE', ...importers] as const;
