import { Link } from '@remix-run/react';
import { SearchField, SearchStatus, useTypedSearch } from '~/components/typed-search';
import type { PreviewStudent } from '~/services/certificate-formats.server';

type StudentsAnswer = { students: PreviewStudent[]; message: string | null };

/**
 * The student the preview is filled in for. Without JavaScript it is a GET form whose search
 * (`?find=`) the page lists; with it, matches come as one types. Picking one puts them in the
 * address (`?studentId=`), so a preview can be shared and survives a reload.
 */
export function PreviewStudentPicker({ find, matches }: { find: string; matches: PreviewStudent[] | null }) {
  const search = useTypedSearch<StudentsAnswer>(
    find,
    (text) => `/resources/certificate-format-students?${new URLSearchParams({ search: text })}`,
  );
  const { typed, answer, searching } = search;
  const shown = typed ? (answer?.students ?? []) : (matches ?? []);
  const refusal = typed ? answer?.message : null;
  const asked = typed ? Boolean(answer) && !searching : matches !== null;

  return (
    <div className="grid gap-2">
      <SearchField search={search} aria-label="Preview student" label="Student" name="find" placeholder="Name or registration number" />
      <SearchStatus searching={searching} found={asked ? shown.length : null} noun={{ one: 'student', other: 'students' }} />
      {refusal ? <p className="text-sm text-destructive">{refusal}</p> : null}
      {shown.length ? (
        <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border p-1" aria-label="Matching students">
          {shown.map((match) => (
            <li key={match._id}>
              <Link
                to={`?${new URLSearchParams({ studentId: match._id })}`}
                preventScrollReset
                replace
                onClick={() => search.setText('')}
                className="grid rounded-md px-3 py-2 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
              >
                <span className="font-medium">{match.name}</span>
                {match.detail ? <span className="text-muted-foreground">{match.detail}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : asked && !refusal ? (
        <p className="text-sm text-muted-foreground">No students match.</p>
      ) : null}
    </div>
  );
}
