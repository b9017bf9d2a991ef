import { useFetcher, useRevalidator, useSearchParams } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { toast } from '~/components/ui/toaster';
import { count, type CataloguePart, type PeoplePart, type PermissionPageData, type ReadPart } from './permission-management-model';

/**
 * Of a part of the page read by the page's loader and read again by a fetcher, the one read last:
 * a reload shows until the page loads again (Refresh, a save, a sync).
 */
function useLatestRead<Part>(fromPage: Part, fromReload: Part | null | undefined): Part {
  const seen = useRef({ fromPage, fromReload, latest: fromPage });
  if (seen.current.fromPage !== fromPage) seen.current = { ...seen.current, fromPage, latest: fromPage };
  if (fromReload && seen.current.fromReload !== fromReload) seen.current = { ...seen.current, fromReload, latest: fromReload };
  return seen.current.latest;
}

/** Toasts what a reload fetcher read, once per answer. */
function useReloadToast<Part extends { error: string | null }>(part: Part | null | undefined, success: (part: Part) => [string, string]) {
  const successRef = useRef(success);
  successRef.current = success;
  useEffect(() => {
    if (!part) return;
    if (part.error) toast.error(part.error);
    else {
      const [title, description] = successRef.current(part);
      toast.success(title, { description });
    }
  }, [part]);
}

/**
 * The screen's data and its three ways of reading it again: Refresh (the whole page, the open
 * user's grants included), Reload Users and Reload Permissions (one part each, through a fetcher
 * of `basePath?part=…`). Each read says what it read in a toast; each failed load says so
 * (SPEC.md section 8), also when a retry fails again.
 */
export function usePermissionReads(basePath: string, page: PermissionPageData) {
  const catalogueReload = useFetcher<PermissionPageData>({ key: 'permission-catalogue-reload' });
  const usersReload = useFetcher<PermissionPageData>({ key: 'permission-users-reload' });
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  // The page's own loads always read both parts.
  const catalogue = useLatestRead<CataloguePart>(page.catalogue!, catalogueReload.data?.catalogue);
  const people = useLatestRead<PeoplePart>(page.people!, usersReload.data?.people);

  useEffect(() => {
    if (page.catalogue?.error) toast.error(page.catalogue.error, { id: 'permissions-load-failed' });
    if (page.people?.error) toast.error(page.people.error, { id: 'permission-users-load-failed' });
  }, [page]);

  useReloadToast(catalogueReload.data?.catalogue, (part) => [
    'Permissions reloaded',
    count(part.permissions?.length ?? 0, 'permission', 'permissions'),
  ]);
  useReloadToast(usersReload.data?.people, (part) => ['Users reloaded', count(part.users?.length ?? 0, 'user', 'users')]);

  // Refresh's toast waits for the page's answer, and names the user on screen whose grants it read.
  const refreshAsked = useRef(false);
  const openUserId = searchParams.get('user');
  const openUserIdRef = useRef(openUserId);
  openUserIdRef.current = openUserId;
  useEffect(() => {
    if (!refreshAsked.current) return;
    refreshAsked.current = false;
    if (page.catalogue?.error || page.people?.error) return;
    const user = page.people?.users?.find((entry) => entry._id === openUserIdRef.current);
    const parts = [
      count(page.catalogue?.permissions?.length ?? 0, 'permission', 'permissions'),
      count(page.people?.users?.length ?? 0, 'user', 'users'),
      ...(user ? [`the grants of ${user.name}`] : []),
    ];
    toast.success('Refreshed', { description: `Read again: ${parts.join(', ')}` });
  }, [page]);

  const reload = (part: ReadPart) => (part === 'catalogue' ? catalogueReload : usersReload).load(`${basePath}?part=${part}`);
  return {
    catalogue,
    people,
    refresh: () => {
      refreshAsked.current = true;
      revalidator.revalidate();
    },
    reloadCatalogue: () => reload('catalogue'),
    reloadUsers: () => reload('users'),
    refreshing: revalidator.state === 'loading',
    reloadingCatalogue: catalogueReload.state !== 'idle',
    reloadingUsers: usersReload.state !== 'idle',
  };
}

export type PermissionReads = ReturnType<typeof usePermissionReads>;
