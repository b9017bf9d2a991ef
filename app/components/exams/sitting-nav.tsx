import type * as React from 'react';
import { Link } from '@remix-run/react';
import { Button } from '~/components/ui/button';
import { BackLink } from '~/components/back-link';

/** Back to the list of exams a sitting was picked from. */
export const AllExamsLink = ({ to }: { to: string }) => <BackLink to={to}>All exams</BackLink>;

/** A sitting's result-entry grid, in the branch it was opened in. */
export const resultsPath = (examId: string, branchId?: string) =>
  `/admin/exam/result-entry/${encodeURIComponent(examId)}${branchId ? `?branch=${encodeURIComponent(branchId)}` : ''}`;

export const BackToResults = ({ examId, branchId }: { examId: string; branchId?: string }) => (
  <BackLink to={resultsPath(examId, branchId)}>Back to the results</BackLink>
);

/** The branches whose sitting of the exam the caller may open, the open one marked; none when there is only one. */
export function BranchTabs({ branches, current }: { branches: ReadonlyArray<{ _id: string; name: string }>; current?: string }) {
  if (branches.length < 2) return null;
  return (
    <nav aria-label="Branches" className="flex flex-wrap gap-2">
      {branches.map((branch) => (
        <Button key={branch._id} asChild size="sm" variant={branch._id === current ? 'default' : 'outline'}>
          <Link to={`?branch=${encodeURIComponent(branch._id)}`} aria-current={branch._id === current ? 'page' : undefined}>
            {branch.name}
          </Link>
        </Button>
      ))}
    </nav>
  );
}

/** What a sitting with no student says: who would sit it. */
export function NobodySitting({ branch, course }: { branch?: string; course: string | null }) {
  return (
    <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
      No student sits this exam{branch ? ` in ${branch}` : ''}: its students are those registered in {course ?? 'its course'}.
    </p>
  );
}

interface SittingSheet {
  branch: { name: string } | null;
  students: readonly unknown[];
  subjects: readonly unknown[];
  exam: { courseName: string | null };
}

/** Marks can be entered in a sitting with students, of an exam with subjects. */
export function sittingReady<Sheet extends SittingSheet>(sheet: Sheet): sheet is Sheet & { branch: NonNullable<Sheet['branch']> } {
  return Boolean(sheet.branch) && sheet.students.length > 0 && sheet.subjects.length > 0;
}

/** Why no mark can be entered in a sitting yet: nobody sits it, or the exam has no subjects. */
export function SittingNotReady({ sheet }: { sheet: SittingSheet }) {
  if (!sheet.branch || sheet.students.length === 0) return <NobodySitting branch={sheet.branch?.name} course={sheet.exam.courseName} />;
  return (
    <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
      This exam has no subjects yet: add them to the exam first.
    </p>
  );
}
