import { Link, useFetcher } from '@remix-run/react';
import * as React from 'react';
import type { InvoiceKind } from '../../../common/contracts/invoices';
import { Button } from '~/components/ui/button';
import { XIcon } from '~/components/ui/icons';
import { SearchField, SearchStatus, useTypedSearch } from '~/components/typed-search';
import type { Party, StartingLine } from '~/services/invoices.server';

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
  const typing = useTypedSearch<PartiesAnswer>(
    search,
    (text) => `/resources/invoice-parties?${new URLSearchParams({ kind, search: text })}`,
  );
  const { hydrated, text, searching } = typing;
  const picker = useFetcher<PartiesAnswer>();
  const [changing, setChanging] = React.useState(false);
  const noun = nouns[kind];

  // The form is told once per answer, with its own values of the moment.
  const latestOnPick = React.useRef(onPick);
  React.useEffect(() => {
    latestOnPick.current = onPick;
  });
  const picked = picker.data?.picked;
  React.useEffect(() => {
    if (picked) latestOnPick.current(picked);
  }, [picked]);

  const shown = hydrated && text.trim() ? (typing.answer?.parties ?? matches ?? []) : (matches ?? []);

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
    typing.setText('');
    onPick({ party: chosen, line: null });
    picker.load(`/resources/invoice-parties?${new URLSearchParams({ kind, id: chosen._id })}`);
  };

  return (
    <div className="grid gap-2">
      <SearchField
        search={typing}
        label={kind === 'student' ? 'Student' : 'Branch'}
        required
        name="search"
        placeholder={kind === 'student' ? 'Name or registration number' : 'Branch name or code'}
        invalid={Boolean(error?.length)}
        describedBy={error?.length ? errorId : undefined}
        afterHydration={
          changing ? (
            <Button type="button" variant="outline" onClick={() => setChanging(false)}>
              <XIcon aria-hidden="true" /> Keep {party?.name}
            </Button>
          ) : null
        }
      />
      {error?.length ? (
        <p id={errorId} className="text-sm text-destructive">
          {error[0]}
        </p>
      ) : null}
      <SearchStatus searching={searching} found={text.trim() || matches ? shown.length : null} noun={noun} />
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
