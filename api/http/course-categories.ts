import { courseCategoryContract } from '../../common/contracts/course-categories';
import { indianDay } from '../../common/india-time';
import type { Context } from 'hono';
import type { Executor } from '../db/client';
import {
  changeCourseCategoryStatus,
  createCourseCategory,
  deleteCourseCategory,
  renameCourseCategory,
} from '../domain/course-categories/commands';
import { courseCategoryMessages } from '../domain/course-categories/decide';
import { courseCategoriesExport, findCourseCategory, listCourseCategories } from '../domain/course-categories/queries';
import { notFound } from '../domain/errors';
import { exportFile } from '../export/export-file';
import type { ApiEnv } from './context';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { ifMatchVersion, versionTag } from './if-match';

/** Manage course categories: both naming sets of the product. */
const access = { kind: 'permission', anyOf: ['COURSE_CATEGORY_MANAGE', 'COURSE_CATEGORIES'] } as const;

async function categoryView(db: Executor, id: string) {
  const view = await findCourseCategory(db, id);
  if (!view) throw notFound('Course category');
  return view;
}

/** A changed category's answer, with its version as the ETag for the next If-Match. */
async function changed(c: Context<ApiEnv>, db: Executor, id: string, message: string, status?: 201) {
  const view = await categoryView(db, id);
  c.header('ETag', versionTag(view.version));
  return { status, message, data: view };
}

const list = defineEndpoint({
  ...courseCategoryContract.list,
  access,
  async handle({ db, query }) {
    return { message: courseCategoryMessages.list, data: await listCourseCategories(db, query) };
  },
});

const exportCategories = defineFileEndpoint({
  ...courseCategoryContract.export,
  access,
  async handle({ db, query: { format, ...query }, deps }) {
    return exportFile(format, courseCategoriesExport(db, query), indianDay(deps.clock.now()));
  },
});

const create = defineEndpoint({
  ...courseCategoryContract.create,
  access,
  async handle({ tx, meta, body, c }) {
    const id = await createCourseCategory({ tx, meta }, body.name);
    return changed(c, tx, id, courseCategoryMessages.created, 201);
  },
});

const rename = defineEndpoint({
  ...courseCategoryContract.rename,
  access,
  async handle({ tx, meta, params, body, c }) {
    await renameCourseCategory({ tx, meta }, params.id, body.name, ifMatchVersion(c));
    return changed(c, tx, params.id, courseCategoryMessages.renamed);
  },
});

const setStatus = defineEndpoint({
  ...courseCategoryContract.setStatus,
  access,
  async handle({ tx, meta, params, body, c }) {
    await changeCourseCategoryStatus({ tx, meta }, params.id, body.status, ifMatchVersion(c));
    return changed(c, tx, params.id, courseCategoryMessages.statusChanged);
  },
});

const remove = defineEndpoint({
  ...courseCategoryContract.remove,
  access,
  async handle({ tx, meta, params, c }) {
    const before = await categoryView(tx, params.id);
    await deleteCourseCategory({ tx, meta }, params.id, ifMatchVersion(c));
    return { message: courseCategoryMessages.deleted, data: before };
  },
});

export const courseCategoryEndpoints = [list, exportCategories, create, rename, setStatus, remove];
