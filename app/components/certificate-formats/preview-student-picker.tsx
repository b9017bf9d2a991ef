import { Form, Link, useFetcher } from '@remix-run/react';
import * as React from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Button } from '~/components/ui/button';
import { SearchIcon } from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import type { PreviewStudent } from '~/services/certificate-formats.server';

const SEARCH_DELAY_MS = 250;

type StudentsAnswer = { students: PreviewStudent[]; message: string | null };

/**
 * The student the preview is filled in for. Without JavaScript it is a GET form whose search
 * (`?find=`) the page lists; with it, matches come as one types. Picking one puts them in the
 * address (`?studentId=`), so a preview can be shared and survives a reload.
 */
export function PreviewStudentPicker({ find, matches }: { find: string; matches: PreviewStudent[] | null }) {
  const hydrated = useHydrated();
  const searcher = useFetcher<StudentsAnswer>();
  const [text, setText] = React.useState(find);
  const timer = React.useRef<ReturnType<typeof setTimeout>>();
  const inputId = React.useId();
  React.useEffect(() => () => clearTimeout(timer.current), []);

  const typed = hydrated && text.trim() !== find;
  const shown = typed ? (searcher.data?.students ?? []) : (matches ?? []);
  const searching = searcher.state === 'loading';
  const refusal = typed ? searcher.data?.message : null;
  const asked = typed ? Boolean(searcher.data) && !searching : matches !== null;

  return (
    <div className="grid gap-2">
      <Form
        method="get"
        role="search"
        aria-label="Preview student"
        className="grid gap-2"
        onSubmit={(event) => {
          if (hydrated) event.preventDefault();
        }}
      >
        <Label htmlFor={inputId}>Student</Label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={inputId}
              name="find"
              type="search"
              autoComplete="off"
              className="pl-9"
              placeholder="Name or registration number"
              value={text}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setText(next);
                clearTimeout(timer.current);
                if (!next.trim()) return;
                timer.current = setTimeout(
                  () => searcher.load(`/resources/certificate-format-students?${new URLSearchParams({ search: next })}`),
                  SEARCH_DELAY_MS,
                );
              }}
            />
          </div>
          {hydrated ? null : (
            <Button type="submit" variant="outline">
              Find
            </Button>
          )}
        </div>
      </Form>
      <p role="status" className="sr-only">
        {searching ? 'Searching…' : asked ? `${shown.length} ${shown.length === 1 ? 'student' : 'students'} found` : ''}
      </p>
      {refusal ? <p className="text-sm text-destructive">{refusal}</p> : null}
      {shown.length ? (
        <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border p-1" aria-label="Matching students">
          {shown.map((match) => (
            <li key={match._id}>
              <Link
                to={`?${new URLSearchParams({ studentId: match._id })}`}
                preventScrollReset
                replace
                onClick={() => setText('')}
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
