import { fromPromise } from 'xstate';
import type { MarkCell, SavedMarks } from '../../../common/contracts/exam-results';
import { SaveError } from '~/machines/result-entry.machine';

const MARKS_PATH = '/resources/exam-marks';

/** Statuses a save made again unchanged would meet again: the user must act (a 408 or 429 passes). */
const refusedStatus = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** The grid's save: its cells to /resources/exam-marks, which calls the API with the session's token. */
export function saveMarksActor(csrf: string, examId: string) {
  return fromPromise<SavedMarks, { cells: MarkCell[] }>(async ({ input, signal }) => {
    const body = new URLSearchParams({ csrf, examId, cells: JSON.stringify(input.cells) });
    let response: Response;
    try {
      response = await fetch(MARKS_PATH, { method: 'POST', body, credentials: 'same-origin', signal });
    } catch {
      throw new SaveError('No connection to the server', false);
    }
    const envelope = (await response.json().catch(() => null)) as { message?: string; data?: SavedMarks | null } | null;
    if (response.ok && envelope?.data) return envelope.data;
    throw new SaveError(envelope?.message || `The marks could not be saved (status ${response.status})`, refusedStatus(response.status));
  });
}
