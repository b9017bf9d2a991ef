import { Form, Link, useFetcher } from '@remix-run/react';
import * as React from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { InvoiceKind } from '../../../common/contracts/invoices';
import { Button } from '~/components/ui/button';
import { SearchIcon, XIcon } from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import type { Party, StartingLine } from '~/services/invoices.server';

const SEARCH_DELAY_MS = 250;

type PartiesAnswer = { parties: Party[]; picked: { party: Party; line: StartingLine | null } | null };

const nouns: Record<InvoiceKind, { one: string; other: string }> = {
  student: { one: 'student', other: 'students' },
  branch: { one: 'branch', other: 'branches' },
};

/**
 * Who is billed. Without JavaScript it is a GET form: its search lists matches, each a link
 * that picks it (`?partyId=`), and the screen loads the party with its fee line. With it, the
 * matches come as one types and picking one fills the form in place.
 */
export function PartyPicker({
  kind,
  party,
  search,
  matches,
  error,
  errorId,
  onPick,
}: {
  kind: InvoiceKind;
  party: Party | null;
  search: string;
  /** The matches of the address's search, when the page was asked for one. */
  matches: Party[] | null;
  error?: string[];
  errorId: string;
  onPick: (picked: { party: Party; line: StartingLine | null } | null) => void;
}) {
  const hydrated = useHydrated();
  const searcher = useFetcher<PartiesAnswer>();
  const picker = useFetcher<PartiesAnswer>();
  const [text, setText] = React.useState(search);
  const [changing, setChanging] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout>>();
  const noun = nouns[kind];
  const inputId = React.useId();

  // The form is told once per answer, with its own values of the moment.
  const latestOnPick = React.useRef(onPick);
  React.useEffect(() => {
    latestOnPick.current = onPick;
  });
  const picked = picker.data?.picked;
  React.useEffect(() => {
    if (picked) latestOnPick.current(picked);
  }, [picked]);

  const shown = hydrated && text.trim() ? (searcher.data?.parties ?? matches ?? []) : (matches ?? []);
  const searching = searcher.state === 'loading';

  if (party && !changing) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/30 px-4 py-3">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">Billed to</p>
          <p className="font-medium" data-testid="billed-party">
            {party.name}
          </p>
          {party.detail ? <p className="text-sm text-muted-foreground">{party.detail}</p> : null}
        </div>
        {hydrated ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setChanging(true)}>
            Change {noun.one}
          </Button>
        ) : (
          <Button asChild variant="outline" size="sm">
            <Link to="?search=">Change {noun.one}</Link>
          </Button>
        )}
      </div>
    );
  }

  const pick = (chosen: Party) => {
    setChanging(false);
    setText('');
    onPick({ party: chosen, line: null });
    picker.load(`/resources/invoice-parties?${new URLSearchParams({ kind, id: chosen._id })}`);
  };

  return (
    <div className="grid gap-2">
      <Form
        method="get"
        role="search"
        className="grid gap-2"
        onSubmit={(event) => {
          if (hydrated) event.preventDefault();
        }}
      >
        <Label htmlFor={inputId} required>
          {kind === 'student' ? 'Student' : 'Branch'}
        </Label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={inputId}
              name="search"
              type="search"
              autoComplete="off"
              className="pl-9"
              placeholder={kind === 'student' ? 'Name or registration number' : 'Branch name or code'}
              value={text}
              aria-invalid={error?.length ? true : undefined}
              aria-describedby={error?.length ? errorId : undefined}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setText(next);
                clearTimeout(timer.current);
                if (!next.trim()) return;
                timer.current = setTimeout(
                  () => searcher.load(`/resources/invoice-parties?${new URLSearchParams({ kind, search: next })}`),
                  SEARCH_DELAY_MS,
                );
              }}
            />
          </div>
          {hydrated ? (
            changing ? (
              <Button type="button" variant="outline" onClick={() => setChanging(false)}>
                <XIcon aria-hidden="true" /> Keep {party?.name}
              </Button>
            ) : null
          ) : (
            <Button type="submit" variant="outline">
              Find
            </Button>
          )}
        </div>
      </Form>
      {error?.length ? (
        <p id={errorId} className="text-sm text-destructive">
          {error[0]}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {searching ? 'Searching…' : text.trim() || matches ? `${shown.length} ${shown.length === 1 ? noun.one : noun.other} found` : ''}
      </p>
      {shown.length ? (
        <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-lg border p-1" aria-label={`Matching ${noun.other}`}>
          {shown.map((match) => (
            <li key={match._id}>
              <Link
                to={`?${new URLSearchParams({ partyId: match._id })}`}
                className="grid rounded-md px-3 py-2 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                onClick={(event) => {
                  event.preventDefault();
                  pick(match);
                }}
              >
                <span className="font-medium">{match.name}</span>
                {match.detail ? <span className="text-muted-foreground">{match.detail}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (text.trim() || matches) && !searching ? (
        <p className="text-sm text-muted-foreground">No {noun.other} match.</p>
      ) : null}
    </div>
  );
}
