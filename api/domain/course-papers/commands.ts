import type { AddCoursePaperBody, ChangeCoursePaperBody } from '../../../common/contracts/course-papers';
import type { Actor } from '../auth/actor';
import { branchScope } from '../auth/branch-scope';
import { notFound } from '../errors';
import { runCommand, type CommandContext, type Decider } from '../command';
import { newId } from '../ids';
import { uploadRefusal } from '../record-files';
import { coursePaperMessages, decide, evolve, initialCoursePaper, type CoursePaper, type CoursePaperCommand } from './decide';
import { coursePaperStream, type CoursePaperEvent } from './events';
import { codeHolder, courseExists, findCoursePaper, nextPosition } from './queries';

const papers: Decider<CoursePaperCommand, CoursePaper, CoursePaperEvent> = {
  initialState: initialCoursePaper,
  evolve,
  decide,
  // A removed paper answers as not found, whatever version the client holds.
  exists: (state) => state.status === 'live',
};

/** Question papers are uploaded through the course form's uploads, under their own rule. */
const UPLOAD_FORM_TYPE = 'course';
const UPLOAD_FIELD = 'questionPaper';

/** `expectedVersion` is the client's If-Match; two writers of one code are settled by the read table. */
async function handle(ctx: CommandContext, id: string, command: CoursePaperCommand, expectedVersion?: number) {
  await runCommand(ctx, coursePaperStream(id), papers, command, {
    ifMatch: expectedVersion === undefined ? undefined : { version: expectedVersion, staleMessage: coursePaperMessages.stale },
    uniqueConflicts: { course_papers_course_code_key: coursePaperMessages.codeTaken },
  });
}

/** A key the paper already holds stays acceptable; any other must be an upload the caller may attach. */
async function questionPaperRefusal(ctx: CommandContext, actor: Pick<Actor, 'branchId'>, key: string | null, held: string | null) {
  if (key === null || key === held) return null;
  return uploadRefusal(ctx.tx, actor, UPLOAD_FORM_TYPE, UPLOAD_FIELD, key);
}

/** Answers the new paper's id. */
/** A caller of a branch adds and changes papers of the courses they may read only. */
type Caller = Pick<Actor, 'role' | 'branchId'>;

export async function addCoursePaper(ctx: CommandContext, actor: Caller, body: AddCoursePaperBody): Promise<string> {
  const id = newId(ctx.meta.occurredAt.getTime());
  const courseId = body.courseId.trim();
  const questionPaper = body.questionPaper ?? null;
  await handle(ctx, id, {
    type: 'AddCoursePaper',
    data: {
      ...body,
      courseId,
      questionPaper,
      courseExists: await courseExists(ctx.tx, courseId, branchScope(actor)),
      codeHeldBy: await codeHolder(ctx.tx, courseId, body.code),
      position: await nextPosition(ctx.tx, courseId),
      questionPaperRefusal: await questionPaperRefusal(ctx, actor, questionPaper, null),
    },
  });
  return id;
}

export async function changeCoursePaper(
  ctx: CommandContext,
  actor: Caller,
  id: string,
  body: ChangeCoursePaperBody,
  expectedVersion?: number,
) {
  const current = await findCoursePaper(ctx.tx, id, branchScope(actor));
  if (!current) throw notFound(coursePaperMessages.found);
  const questionPaper = body.questionPaper ?? null;
  await handle(
    ctx,
    id,
    {
      type: 'ChangeCoursePaper',
      data: {
        ...body,
        id,
        questionPaper,
        courseExists: await courseExists(ctx.tx, current.courseId, branchScope(actor)),
        codeHeldBy: await codeHolder(ctx.tx, current.courseId, body.code),
        questionPaperRefusal: await questionPaperRefusal(ctx, actor, questionPaper, current.questionPaper),
      },
    },
    expectedVersion,
  );
}

export async function removeCoursePaper(ctx: CommandContext, actor: Caller, id: string, expectedVersion?: number) {
  if (!(await findCoursePaper(ctx.tx, id, branchScope(actor)))) throw notFound(coursePaperMessages.found);
  await handle(ctx, id, { type: 'RemoveCoursePaper', data: {} }, expectedVersion);
}
