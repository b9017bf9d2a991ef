import { useFetcher } from '@remix-run/react';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Button } from '~/components/ui/button';
import { RowButtons, RowDeleteButton, RowEditLink } from '~/components/list/row-buttons';
import { PowerIcon } from '~/components/ui/icons';
import type { CategoryRow } from '~/lib/course-categories';

/**
 * A row's own controls, each a button in the tab order: rename (a dialog opened by the address),
 * activate or deactivate (a form that posts at once), delete (the list's confirmation).
 */
export function CategoryActions({ row, renameTo, onDelete }: { row: CategoryRow; renameTo: string; onDelete: () => void }) {
  const fetcher = useFetcher();
  const active = fetcher.formData ? row.status !== 'active' : row.status === 'active';
  return (
    <RowButtons>
      <RowEditLink to={renameTo} label={`Rename ${row.name}`} />
      <fetcher.Form method="post" preventScrollReset>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="id" value={row._id} />
        <input type="hidden" name="version" value={row.version} />
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          className="size-8"
          disabled={fetcher.state !== 'idle'}
          aria-label={`${active ? 'Deactivate' : 'Activate'} ${row.name}`}
          title={active ? 'Deactivate' : 'Activate'}
        >
          <PowerIcon aria-hidden="true" />
        </Button>
      </fetcher.Form>
      <RowDeleteButton label={`Delete ${row.name}`} onDelete={onDelete} />
    </RowButtons>
  );
}
