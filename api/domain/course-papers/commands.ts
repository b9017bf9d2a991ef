import {
  questionPaperUpload,
  type AddCoursePaperBody,
  type ChangeCoursePaperBody,
  type CoursePaperView,
} from '../../../common/contracts/course-papers';
import { notFound } from '../errors';
import { runCommand, type CommandContext, type Decider } from '../command';
import { newId } from '../ids';
import { uploadRefusal } from '../record-files';
import { coursePaperMessages, decide, evolve, initialCoursePaper, type CoursePaper, type CoursePaperCommand } from './decide';
import { coursePaperStream, type CoursePaperEvent } from './events';
import { codeHolder, courseReach, findCoursePaper, nextPosition, type Caller } from './queries';

const papers: Decider<CoursePaperCommand, CoursePaper, CoursePaperEvent> = {
  initialState: initialCoursePaper,
  evolve,
  decide,
  // A removed paper answers as not found, whatever version the client holds.
  exists: (state) => state.status === 'live',
};

/** `expectedVersion` is the client's If-Match; two writers of one code are settled by the read table. */
async function handle(ctx: CommandContext, id: string, command: CoursePaperCommand, expectedVersion?: number) {
  await runCommand(ctx, coursePaperStream(id), papers, command, {
    ifMatch: expectedVersion === undefined ? undefined : { version: expectedVersion, staleMessage: coursePaperMessages.stale },
    uniqueConflicts: { course_papers_course_code_key: coursePaperMessages.codeTaken },
  });
}

/** A key the paper already holds stays acceptable; any other must be an upload the caller may attach. */
async function questionPaperRefusal(ctx: CommandContext, caller: Caller, key: string | null, held: string | null) {
  if (key === null || key === held) return null;
  return uploadRefusal(ctx.tx, caller, questionPaperUpload.formType, questionPaperUpload.fieldName, key);
}

/** The paper as the caller reaches it; one of a course they may not read is not found. */
async function reachedPaper(ctx: CommandContext, caller: Caller, id: string) {
  const found = await findCoursePaper(ctx.tx, id, caller);
  if (!found) throw notFound(coursePaperMessages.found);
  return found;
}

/**
 * A caller of a branch adds, changes and removes papers of their own branch's courses only: the
 * institute's courses they read are the institute's to change. Answers the new paper's id.
 */
export async function addCoursePaper(ctx: CommandContext, caller: Caller, body: AddCoursePaperBody): Promise<string> {
  const id = newId(ctx.meta.occurredAt.getTime());
  const courseId = body.courseId.trim();
  const questionPaper = body.questionPaper ?? null;
  await handle(ctx, id, {
    type: 'AddCoursePaper',
    data: {
      ...body,
      courseId,
      questionPaper,
      course: await courseReach(ctx.tx, courseId, caller),
      codeHeldBy: await codeHolder(ctx.tx, courseId, body.code),
      position: await nextPosition(ctx.tx, courseId),
      questionPaperRefusal: await questionPaperRefusal(ctx, caller, questionPaper, null),
    },
  });
  return id;
}

export async function changeCoursePaper(
  ctx: CommandContext,
  caller: Caller,
  id: string,
  body: ChangeCoursePaperBody,
  expectedVersion?: number,
) {
  const { paper, course } = await reachedPaper(ctx, caller, id);
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
        course,
        codeHeldBy: await codeHolder(ctx.tx, paper.courseId, body.code),
        questionPaperRefusal: await questionPaperRefusal(ctx, caller, questionPaper, paper.questionPaper),
      },
    },
    expectedVersion,
  );
}

/** Answers the paper as it was. */
export async function removeCoursePaper(
  ctx: CommandContext,
  caller: Caller,
  id: string,
  expectedVersion?: number,
): Promise<CoursePaperView> {
  const { paper, course } = await reachedPaper(ctx, caller, id);
  await handle(ctx, id, { type: 'RemoveCoursePaper', data: { course } }, expectedVersion);
  return paper;
}
