import { z } from 'zod';
import {
  courseCategoryList,
  courseCategoryListQuery,
  courseCategoryStatusBody,
  courseCategoryView,
  createCourseCategoryBody,
  renameCourseCategoryBody,
} from '../../common/contracts/course-categories';
import type { Context } from 'hono';
import type { Executor } from '../db/client';
import {
  changeCourseCategoryStatus,
  createCourseCategory,
  deleteCourseCategory,
  renameCourseCategory,
} from '../domain/course-categories/commands';
import { courseCategoryMessages } from '../domain/course-categories/decide';
import { findCourseCategory, listCourseCategories } from '../domain/course-categories/queries';
import { notFound } from '../domain/errors';
import type { ApiEnv } from './context';
import { defineEndpoint, type Reply } from './endpoint';
import { ifMatchVersion, versionTag } from './if-match';

/** Manage course categories: both naming sets of the product. */
const access = { kind: 'permission', anyOf: ['COURSE_CATEGORY_MANAGE', 'COURSE_CATEGORIES'] } as const;
const tag = 'course-categories';
const idParams = z.object({ id: z.string().min(1).max(100) });

async function categoryView(db: Executor, id: string) {
  const view = await findCourseCategory(db, id);
  if (!view) throw notFound('Course category');
  return view;
}

/** A changed category's answer, with its version as the ETag for the next If-Match. */
async function changed(c: Context<ApiEnv>, db: Executor, id: string, message: string, status?: 201): Promise<Reply> {
  const view = await categoryView(db, id);
  c.header('ETag', versionTag(view.version));
  return { status, message, data: view };
}

const list = defineEndpoint({
  method: 'get',
  path: '/course/categories',
  summary: 'Course categories, searched by name, sorted and paged, each with how many courses use it',
  tag,
  access,
  query: courseCategoryListQuery,
  response: courseCategoryList,
  async handle({ db, query }): Promise<Reply> {
    return { message: courseCategoryMessages.list, data: await listCourseCategories(db, query) };
  },
});

const create = defineEndpoint({
  method: 'post',
  path: '/course/categories',
  summary: 'Add a course category, active; its name is unique in any case',
  tag,
  access,
  body: createCourseCategoryBody,
  response: courseCategoryView,
  async handle({ tx, meta, body, c }): Promise<Reply> {
    const id = await createCourseCategory({ tx: tx!, meta }, body.name);
    return changed(c, tx!, id, courseCategoryMessages.created, 201);
  },
});

const rename = defineEndpoint({
  method: 'put',
  path: '/course/categories/:id',
  summary: 'Rename a course category; If-Match: "<version>" refuses a stale edit with 412',
  tag,
  access,
  params: idParams,
  body: renameCourseCategoryBody,
  response: courseCategoryView,
  async handle({ tx, meta, params, body, c }): Promise<Reply> {
    await renameCourseCategory({ tx: tx!, meta }, params.id, body.name, ifMatchVersion(c));
    return changed(c, tx!, params.id, courseCategoryMessages.renamed);
  },
});

const setStatus = defineEndpoint({
  method: 'put',
  path: '/course/categories/:id/status',
  summary: 'Set a course category’s status, or toggle it when the body names none; If-Match: "<version>" refuses a stale change with 412',
  tag,
  access,
  params: idParams,
  body: courseCategoryStatusBody,
  response: courseCategoryView,
  async handle({ tx, meta, params, body, c }): Promise<Reply> {
    await changeCourseCategoryStatus({ tx: tx!, meta }, params.id, body.status, ifMatchVersion(c));
    return changed(c, tx!, params.id, courseCategoryMessages.statusChanged);
  },
});

const remove = defineEndpoint({
  method: 'delete',
  path: '/course/categories/:id',
  summary: 'Delete a course category no course uses (its history stays in the log); If-Match: "<version>" refuses a stale delete with 412',
  tag,
  access,
  params: idParams,
  response: courseCategoryView.describe('The category as it was'),
  async handle({ tx, meta, params, c }): Promise<Reply> {
    const before = await categoryView(tx!, params.id);
    await deleteCourseCategory({ tx: tx!, meta }, params.id, ifMatchVersion(c));
    return { message: courseCategoryMessages.deleted, data: before };
  },
});

export const courseCategoryEndpoints = [list, create, rename, setStatus, remove];
