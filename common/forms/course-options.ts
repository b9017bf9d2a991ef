/** A choice of a select whose options come from elsewhere: the stored value and what is shown. */
export interface Choice {
  value: string;
  label: string;
}

/** SPEC.md section 8: the course choices when there are neither courses nor categories. */
export const staticCourseOptions = ['Computer Science', 'Business Administration', 'Management'] as const;

/**
 * The choices of a course select, in SPEC.md's order of fallbacks: the course records (both its
 * "dynamic" and its "traditional" courses), else the active course categories, else the static
 * list. The form offers these and the API accepts exactly these, both through this function.
 */
export function courseChoices(courses: readonly Choice[], categories: readonly Choice[]): Choice[] {
  if (courses.length) return [...courses];
  if (categories.length) return [...categories];
  return staticCourseOptions.map((name) => ({ value: name, label: name }));
}
