import { coursePaperAdders, coursePaperEditors } from '../../common/course-paper-permissions';
import { canOpen } from './route-registry';

/** What the papers screen offers the user: adding papers, and changing and removing them. */
export function paperRights(user: { role: string; permissions: readonly string[] }) {
  return { add: canOpen({ permissions: coursePaperAdders }, user), edit: canOpen({ permissions: coursePaperEditors }, user) };
}
