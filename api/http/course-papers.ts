import type { Context } from 'hono';
import { coursePaperContract } from '../../common/contracts/course-papers';
import { coursePaperAdders, coursePaperEditors, coursePaperReaders } from '../../common/course-paper-permissions';
import { indianDay } from '../../common/india-time';
import type { Executor } from '../db/client';
import { addCoursePaper, changeCoursePaper, removeCoursePaper } from '../domain/course-papers/commands';
import { coursePaperMessages } from '../domain/course-papers/decide';
import { coursePapersExport, findCoursePaper, listCoursePapers, type Caller } from '../domain/course-papers/queries';
import { notFound } from '../domain/errors';
import { exportFile } from '../export/export-file';
import type { ApiEnv } from './context';
import { defineEndpoint, defineFileEndpoint } from './endpoint';
import { ifMatchVersion, versionTag } from './if-match';

const readAccess = { kind: 'permission', anyOf: coursePaperReaders } as const;
const addAccess = { kind: 'permission', anyOf: coursePaperAdders } as const;
const editAccess = { kind: 'permission', anyOf: coursePaperEditors } as const;

/** A paper's answer, with its version as the ETag for the next If-Match. */
async function answer(c: Context<ApiEnv>, db: Executor, actor: Caller, id: string, message: string, status?: 201) {
  const found = await findCoursePaper(db, id, actor);
  if (!found) throw notFound(coursePaperMessages.found);
  c.header('ETag', versionTag(found.paper.version));
  return { status, message, data: found.paper };
}

const list = defineEndpoint({
  ...coursePaperContract.list,
  access: readAccess,
  async handle({ db, actor, query }) {
    return { message: coursePaperMessages.list, data: await listCoursePapers(db, query, actor) };
  },
});

const exportPapers = defineFileEndpoint({
  ...coursePaperContract.export,
  access: readAccess,
  async handle({ db, actor, query: { format, ...query }, deps }) {
    return exportFile(format, coursePapersExport(db, query, actor), indianDay(deps.clock.now()));
  },
});

const show = defineEndpoint({
  ...coursePaperContract.show,
  access: readAccess,
  async handle({ db, actor, params, c }) {
    return answer(c, db, actor, params.id, coursePaperMessages.found);
  },
});

const add = defineEndpoint({
  ...coursePaperContract.add,
  access: addAccess,
  async handle({ tx, meta, actor, body, c }) {
    const id = await addCoursePaper({ tx, meta }, actor, body);
    return answer(c, tx, actor, id, coursePaperMessages.added, 201);
  },
});

const change = defineEndpoint({
  ...coursePaperContract.change,
  access: editAccess,
  async handle({ tx, meta, actor, params, body, c }) {
    await changeCoursePaper({ tx, meta }, actor, params.id, body, ifMatchVersion(c));
    return answer(c, tx, actor, params.id, coursePaperMessages.changed);
  },
});

const remove = defineEndpoint({
  ...coursePaperContract.remove,
  access: editAccess,
  async handle({ tx, meta, actor, params, c }) {
    const before = await removeCoursePaper({ tx, meta }, actor, params.id, ifMatchVersion(c));
    return { message: coursePaperMessages.removed, data: before };
  },
});

// The export's fixed path comes before /course/papers/:id, which would otherwise take "export" for an id.
export const coursePaperEndpoints = [list, exportPapers, show, add, change, remove];
