import { Form } from '@remix-run/react';
import * as React from 'react';
import type { SittingDocuments } from '../../../common/contracts/documents';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DownloadIcon, EyeIcon } from '~/components/ui/icons';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { SearchInput } from '~/components/ui/search-input';

type Student = SittingDocuments['students'][number];

const matches = (student: Student, words: string[]) => {
  const text = [student.name, student.rollNo, student.registrationNo, student.code].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
};

/** The students of a sitting whose names, numbers or codes hold every word typed. */
export function studentsMatching(students: readonly Student[], search: string): Student[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length === 0 ? [...students] : students.filter((student) => matches(student, words));
}

/**
 * A sitting's students with their document of one kind: each one's code once issued, and links to
 * preview it (in the browser's PDF viewer) and to download it. The search narrows the list as it
 * is typed; without JavaScript it is a GET form the loader answers.
 */
export function SittingDocumentsTable({
  list,
  search,
  document,
  fileHref,
}: {
  list: SittingDocuments;
  search: string;
  document: string;
  fileHref: (studentId: string) => string;
}) {
  const [typed, setTyped] = React.useState(search);
  const shown = studentsMatching(list.students, typed);
  const searchId = React.useId();
  return (
    <div className="grid gap-3">
      <Form method="get" role="search" className="flex max-w-md items-center gap-2" onSubmit={(event) => event.preventDefault()}>
        {list.branch ? <input type="hidden" name="branch" value={list.branch._id} /> : null}
        <label htmlFor={searchId} className="sr-only">
          Find a student
        </label>
        <SearchInput
          id={searchId}
          name="q"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Name, roll or registration number…"
        />
        <noscript>
          <Button type="submit" variant="outline">
            Find
          </Button>
        </noscript>
      </Form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {shown.length === list.students.length
          ? `${list.students.length} ${list.students.length === 1 ? 'student' : 'students'}`
          : `${shown.length} of ${list.students.length} students`}
      </p>
      <div className="overflow-x-auto rounded-lg border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Roll No.</TableHead>
              <TableHead>Student</TableHead>
              <TableHead className="hidden sm:table-cell">Registration No.</TableHead>
              <TableHead className="hidden md:table-cell">{document}</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((student) => (
              <TableRow key={student.studentId}>
                <TableCell className="tabular-nums">{student.rollNo ?? '—'}</TableCell>
                <TableCell>
                  <span className="font-medium">{student.name}</span>
                  {/* On a phone the code goes under the name, where the row has room for it. */}
                  <span className="block font-mono text-xs text-muted-foreground md:hidden">{student.code ?? 'Not issued'}</span>
                </TableCell>
                <TableCell className="hidden tabular-nums sm:table-cell">{student.registrationNo ?? '—'}</TableCell>
                <TableCell className="hidden md:table-cell">
                  {student.code ? (
                    <code className="whitespace-nowrap text-xs">{student.code}</code>
                  ) : (
                    <Badge variant="outline">Not issued</Badge>
                  )}
                </TableCell>
                <TableCell className="text-right">
                  {student.code ? (
                    <span className="inline-flex gap-1">
                      <Button asChild size="sm" variant="ghost">
                        <a href={fileHref(student.studentId)} target="_blank" rel="noreferrer">
                          <EyeIcon aria-hidden className="size-4" />
                          <span className="sr-only sm:not-sr-only">Preview</span>
                          <span className="sr-only"> {`${document.toLowerCase()} of ${student.name}`}</span>
                        </a>
                      </Button>
                      <Button asChild size="sm" variant="outline">
                        <a href={`${fileHref(student.studentId)}&download=1`} download>
                          <DownloadIcon aria-hidden className="size-4" />
                          <span className="sr-only sm:not-sr-only">Download</span>
                          <span className="sr-only"> {`${document.toLowerCase()} of ${student.name}`}</span>
                        </a>
                      </Button>
                    </span>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {shown.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                  No student matches “{typed}”.
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
