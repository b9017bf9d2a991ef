import { useFetcher, useSearchParams } from '@remix-run/react';
import { createActorContext } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { fromPromise } from 'xstate';
import { toast } from '~/components/ui/toaster';
import {
  hasUnsavedChanges,
  permissionEditorMachine,
  type SavePermissionsInput,
  type SavePermissionsOutput,
} from '~/machines/permission-editor.machine';
import type { PermissionUser } from './permission-management-model';
import { useFetcherOutcome } from './use-fetcher-outcome';

/** The permission editor's actor, shared by the screen's parts. */
export const PermissionEditorActor = createActorContext(permissionEditorMachine);

export function usePermissionEditorState() {
  const userId = PermissionEditorActor.useSelector((snapshot) => snapshot.context.userId);
  const selected = PermissionEditorActor.useSelector((snapshot) => snapshot.context.selected);
  const error = PermissionEditorActor.useSelector((snapshot) => snapshot.context.error);
  const pendingUserId = PermissionEditorActor.useSelector((snapshot) => snapshot.context.pending?.userId ?? null);
  const dirty = PermissionEditorActor.useSelector((snapshot) => hasUnsavedChanges(snapshot.context));
  const saving = PermissionEditorActor.useSelector((snapshot) => snapshot.matches('saving'));
  const confirmingSwitch = PermissionEditorActor.useSelector((snapshot) => snapshot.matches('confirmingSwitch'));
  return { userId, selected, error, pendingUserId, dirty, saving, confirmingSwitch };
}

/** A fetcher submission as a promise, for the machine's injected save: its answer, or none after a redirect. */
function useFetcherRequest<Answer>(key: string) {
  const fetcher = useFetcher<Answer>({ key });
  const resolver = useRef<((answer: Answer | undefined) => void) | null>(null);
  const sent = useFetcherOutcome(fetcher, (answer) => {
    const resolve = resolver.current;
    resolver.current = null;
    resolve?.(answer);
  });
  const submitRef = useRef(fetcher.submit);
  submitRef.current = fetcher.submit;
  return useCallback(
    (body: FormData) =>
      new Promise<Answer | undefined>((resolve) => {
        resolver.current = resolve;
        sent();
        submitRef.current(body, { method: 'post', preventScrollReset: true });
      }),
    [sent],
  );
}

interface PermissionEditorProviderProps {
  /** The users the address's `?user=` may name (the list as last read); the editor opens on that one. */
  usersById: ReadonlyMap<string, PermissionUser>;
  /**
   * The users of the page's own load: when the page is read again (Refresh, a save, a sync), the
   * checklist follows their stored grants unless it has unsaved changes. Reload Users reads only
   * the list and leaves the checklist alone.
   */
  pageUsers: readonly PermissionUser[] | null | undefined;
  /** What to bring into view when a user is chosen on a narrow screen (the checklist sits below the list). */
  scrollTarget: RefObject<HTMLElement>;
  children: ReactNode;
}

/**
 * Runs the permission editor with its side effects injected: a save posts `permissions.save`
 * to the route rendering it (the server's toast speaks after its redirect; a refusal is toasted
 * here), and the user shown is kept in the address (`?user=`).
 */
export function PermissionEditorProvider({ usersById, pageUsers, scrollTarget, children }: PermissionEditorProviderProps) {
  const csrf = useAuthenticityToken();
  const [searchParams, setSearchParams] = useSearchParams();
  const send = useFetcherRequest<{ error?: string }>('permission-editor-save');
  // The machine is made once; its side effects read the latest render through this ref.
  const latest = useRef({ csrf, send, searchParams, setSearchParams, scrollTarget });
  latest.current = { csrf, send, searchParams, setSearchParams, scrollTarget };

  const [logic] = useState(() =>
    permissionEditorMachine.provide({
      actors: {
        savePermissions: fromPromise<SavePermissionsOutput, SavePermissionsInput>(async ({ input }) => {
          const body = new FormData();
          body.set('csrf', latest.current.csrf);
          body.set('intent', 'permissions.save');
          body.set('userId', input.userId);
          for (const id of input.permissionIds) body.append('permissions', id);
          const answer = await latest.current.send(body);
          if (answer?.error) throw new Error(answer.error);
          return {};
        }),
      },
      actions: {
        showUser: (_, { userId }) => {
          const { searchParams: current, setSearchParams: setParams, scrollTarget: target } = latest.current;
          if (!userId || current.get('user') === userId) return;
          const next = new URLSearchParams(current);
          next.set('user', userId);
          setParams(next, { preventScrollReset: true });
          if (window.matchMedia('(max-width: 1023px)').matches) {
            requestAnimationFrame(() => target.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
          }
        },
        // The server's toast says it after the redirect.
        notifySaved: () => {},
        notifySaveFailed: (_, { message }) => {
          toast.error(message);
        },
      },
    }),
  );

  const urlUserId = searchParams.get('user');
  const initialUser = urlUserId ? usersById.get(urlUserId) : undefined;
  return (
    <PermissionEditorActor.Provider
      logic={logic}
      options={{ input: { userId: initialUser?._id ?? null, permissionIds: initialUser?.permissionIds ?? [] } }}
    >
      <FollowPage usersById={usersById} pageUsers={pageUsers} urlUserId={urlUserId} />
      {children}
    </PermissionEditorActor.Provider>
  );
}

/** Keeps the editor in step with the address and the page's reads. */
function FollowPage({
  usersById,
  pageUsers,
  urlUserId,
}: Pick<PermissionEditorProviderProps, 'usersById' | 'pageUsers'> & { urlUserId: string | null }) {
  const editor = PermissionEditorActor.useActorRef();

  // Back and forward buttons change `?user=`: the machine decides (and may ask first).
  useEffect(() => {
    if (!urlUserId || urlUserId === editor.getSnapshot().context.userId) return;
    const user = usersById.get(urlUserId);
    if (user) editor.send({ type: 'user.select', userId: user._id, permissionIds: user.permissionIds });
  }, [urlUserId, usersById, editor]);

  useEffect(() => {
    const current = editor.getSnapshot().context.userId;
    const user = current ? pageUsers?.find((entry) => entry._id === current) : undefined;
    if (user) editor.send({ type: 'user.refresh', userId: user._id, permissionIds: user.permissionIds });
  }, [pageUsers, editor]);

  return null;
}
