import type { Context } from 'hono';
import { coursePaperContract } from '../../common/contracts/course-papers';
import type { Executor } from '../db/client';
import { addCoursePaper, changeCoursePaper, removeCoursePaper } from '../domain/course-papers/commands';
import { coursePaperMessages } from '../domain/course-papers/decide';
import { findCoursePaper, listCoursePapers } from '../domain/course-papers/queries';
import { notFound } from '../domain/errors';
import type { ApiEnv } from './context';
import { defineEndpoint } from './endpoint';
import { ifMatchVersion, versionTag } from './if-match';

/**
 * Papers are part of their course: read by whoever may read or edit courses (either naming set), and by
 * whoever creates exams (the exam form fills its subjects from them); added by whoever may add or
 * edit courses; changed and removed by whoever may edit them.
 */
const readAccess = {
  kind: 'permission',
  anyOf: ['COURSE_VIEW_ALL', 'COURSE_VIEW_BRANCH', 'COURSE_LIST', 'COURSE_EDIT', 'EXAM_CREATE'],
} as const;
const addAccess = { kind: 'permission', anyOf: ['COURSE_EDIT', 'COURSE_ADD'] } as const;
const editAccess = { kind: 'permission', anyOf: ['COURSE_EDIT'] } as const;

async function paperView(db: Executor, id: string) {
  const view = await findCoursePaper(db, id);
  if (!view) throw notFound(coursePaperMessages.found);
  return view;
}

/** A paper's answer, with its version as the ETag for the next If-Match. */
async function answer(c: Context<ApiEnv>, db: Executor, id: string, message: string, status?: 201) {
  const view = await paperView(db, id);
  c.header('ETag', versionTag(view.version));
  return { status, message, data: view };
}

const list = defineEndpoint({
  ...coursePaperContract.list,
  access: readAccess,
  async handle({ db, query }) {
    return { message: coursePaperMessages.list, data: await listCoursePapers(db, query) };
  },
});

const show = defineEndpoint({
  ...coursePaperContract.show,
  access: readAccess,
  async handle({ db, params, c }) {
    return answer(c, db, params.id, coursePaperMessages.found);
  },
});

const add = defineEndpoint({
  ...coursePaperContract.add,
  access: addAccess,
  async handle({ tx, meta, actor, body, c }) {
    const id = await addCoursePaper({ tx, meta }, actor, body);
    return answer(c, tx, id, coursePaperMessages.added, 201);
  },
});

const change = defineEndpoint({
  ...coursePaperContract.change,
  access: editAccess,
  async handle({ tx, meta, actor, params, body, c }) {
    await changeCoursePaper({ tx, meta }, actor, params.id, body, ifMatchVersion(c));
    return answer(c, tx, params.id, coursePaperMessages.changed);
  },
});

const remove = defineEndpoint({
  ...coursePaperContract.remove,
  access: editAccess,
  async handle({ tx, meta, params, c }) {
    const before = await paperView(tx, params.id);
    await removeCoursePaper({ tx, meta }, params.id, ifMatchVersion(c));
    return { message: coursePaperMessages.removed, data: before };
  },
});

export const coursePaperEndpoints = [list, show, add, change, remove];
