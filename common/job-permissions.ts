/**
 * Who has a Jobs panel: whoever may start a job of some kind, by the permissions of the areas that
 * start them, in both naming sets; a new kind's area adds its own. The API's endpoints and the
 * route registry hold to this list. Free of zod, so the registry brings none into the first page load.
 */
export const jobStarters = [
  'MARKSHEET_GENERATE',
  'EXAM_STUDENT_MARKSHEET',
  'CERTIFICATE_GENERATE',
  // An import's dry runs and imports, by whoever may add the records one by one.
  'STUDENT_ADD',
  'COURSE_ADD',
  'BRANCH_ADD',
] as const;
