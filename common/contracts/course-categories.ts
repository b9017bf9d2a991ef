import { z } from 'zod';
import { defineContract } from './endpoint';
import { exportQuery, exportTypes } from './export';
import { pageFields, pagingQuery } from './paging';

/**
 * The course categories resource as the API speaks it: what the list takes and answers, what
 * creating, renaming and changing the status take, and the view every answer carries.
 */

export const COURSE_CATEGORY_NAME_MAX = 100;

/** Said by the API's validation and by the domain's own check of a name alike. */
export const courseCategoryNameMessages = {
  required: 'Category name is required',
  tooLong: `Category name must be at most ${COURSE_CATEGORY_NAME_MAX} characters`,
};

export const courseCategoryStatus = z.enum(['active', 'inactive']);

/** A status as the screen and its export say it. */
export const courseCategoryStatusLabels: Record<z.infer<typeof courseCategoryStatus>, string> = { active: 'Active', inactive: 'Inactive' };

export const courseCategorySortFields = ['name', 'status', 'createdAt', 'updatedAt'] as const;

export const courseCategoryListQuery = z.object({
  ...pagingQuery,
  search: z.string().trim().max(100).optional().describe('Part of the name, any case'),
  status: courseCategoryStatus.optional().describe('Only the categories of this status'),
  sortBy: z.enum(courseCategorySortFields, { message: `Sort by one of ${courseCategorySortFields.join(', ')}` }).default('name'),
  order: z.enum(['asc', 'desc'], { message: 'Order is asc or desc' }).default('asc'),
});

export const courseCategoryName = z
  .string({ required_error: courseCategoryNameMessages.required, invalid_type_error: 'Category name must be text' })
  .trim()
  .min(1, courseCategoryNameMessages.required)
  .max(COURSE_CATEGORY_NAME_MAX, courseCategoryNameMessages.tooLong)
  .describe(`Trimmed; 1 to ${COURSE_CATEGORY_NAME_MAX} characters; unique, any case`);

export const createCourseCategoryBody = z.object({ name: courseCategoryName });

export const renameCourseCategoryBody = z.object({ name: courseCategoryName });

export const courseCategoryStatusBody = z.object({
  status: courseCategoryStatus.optional().describe('The status to set; absent toggles the current one'),
});

export const courseCategoryView = z.object({
  _id: z.string(),
  name: z.string(),
  status: courseCategoryStatus,
  courseCount: z.number().int().describe('Courses whose category this is'),
  version: z.number().int().describe('Send as If-Match: "<version>" to refuse a change made since'),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});

export const courseCategoryList = z.object({
  categories: z.array(courseCategoryView),
  ...pageFields('Categories matching the search'),
});

const tag = 'course-categories';
const idParams = z.object({ id: z.string().min(1).max(100) });

export const courseCategoryContract = {
  list: defineContract({
    method: 'get',
    path: '/course/categories',
    summary: 'Course categories, searched by name, sorted and paged, each with how many courses use it',
    tag,
    query: courseCategoryListQuery,
    response: courseCategoryList,
    example: { query: { search: 'comp', status: 'active', page: '1', limit: '20', sortBy: 'name', order: 'asc' } },
  }),
  export: defineContract({
    method: 'get',
    path: '/course/categories/export',
    summary: 'Every course category the search and status match, in the list’s order, as CSV or Excel',
    tag,
    produces: exportTypes,
    query: courseCategoryListQuery.omit({ page: true, limit: true }).extend(exportQuery),
  }),
  create: defineContract({
    method: 'post',
    path: '/course/categories',
    summary: 'Add a course category, active; its name is unique in any case',
    tag,
    body: createCourseCategoryBody,
    response: courseCategoryView,
    creates: true,
    etag: true,
    example: { body: { name: 'Computer Courses' } },
  }),
  rename: defineContract({
    method: 'put',
    path: '/course/categories/:id',
    summary: 'Rename a course category; If-Match: "<version>" refuses a stale edit with 412',
    tag,
    params: idParams,
    body: renameCourseCategoryBody,
    response: courseCategoryView,
    etag: true,
    ifMatch: true,
    refuses: [404],
    example: { body: { name: 'Computer and IT Courses' } },
  }),
  setStatus: defineContract({
    method: 'put',
    path: '/course/categories/:id/status',
    summary: 'Set a course category’s status, or toggle it when the body names none; If-Match: "<version>" refuses a stale change with 412',
    tag,
    params: idParams,
    body: courseCategoryStatusBody,
    response: courseCategoryView,
    etag: true,
    ifMatch: true,
    refuses: [404],
    example: { body: { status: 'inactive' } },
  }),
  remove: defineContract({
    method: 'delete',
    path: '/course/categories/:id',
    summary:
      'Delete a course category no course uses (its history stays in the log); If-Match: "<version>" refuses a stale delete with 412',
    tag,
    params: idParams,
    response: courseCategoryView.describe('The category as it was'),
    ifMatch: true,
    refuses: [404],
  }),
};

export type CourseCategoryStatus = z.infer<typeof courseCategoryStatus>;
export type CourseCategorySortField = (typeof courseCategorySortFields)[number];
export type CourseCategoryListQuery = z.infer<typeof courseCategoryListQuery>;
export type CreateCourseCategoryBody = z.infer<typeof createCourseCategoryBody>;
export type RenameCourseCategoryBody = z.infer<typeof renameCourseCategoryBody>;
export type CourseCategoryStatusBody = z.infer<typeof courseCategoryStatusBody>;
export type CourseCategoryView = z.infer<typeof courseCategoryView>;
export type CourseCategoryList = z.infer<typeof courseCategoryList>;
