import { describe, expect, it } from 'vitest';
import { courseChoices } from './course-options';

const course = { value: 'c1', label: 'Tally' };
const category = { value: 'k1', label: 'Accounting' };

describe('course choices', () => {
  it('offers the courses, else the categories, else the static list', () => {
    expect(courseChoices([course], [category])).toEqual([course]);
    expect(courseChoices([], [category])).toEqual([category]);
    expect(courseChoices([], [])).toEqual([
      { value: 'Computer Science', label: 'Computer Science' },
      { value: 'Business Administration', label: 'Business Administration' },
      { value: 'Management', label: 'Management' },
    ]);
  });
});
