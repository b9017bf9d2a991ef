import { createContext, startTransition, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { usePermissionRefresh } from '~/hooks/use-permission-refresh';
import type { SessionUser } from '~/services/auth.server';
import type { CustomFormLink } from '~/lib/route-registry';

interface AdminShellValue {
  user: SessionUser;
  /** The super admin's custom forms the user fills in (empty for those who may not). */
  customForms: readonly CustomFormLink[];
  /** Opens or closes the palette, whose state is its own (see `controlPalette`). */
  setPaletteOpen: (open: boolean) => void;
  /** The palette hands its setter here while it is mounted; answers the function that takes it back. */
  controlPalette: (set: (open: boolean) => void) => () => void;
  shortcutsOpen: boolean;
  setShortcutsOpen: (open: boolean) => void;
  /** Reloads the user's permissions and toasts the result. */
  refreshPermissions: () => void;
  refreshing: boolean;
}

const AdminShellContext = createContext<AdminShellValue | null>(null);

export function useAdminShell() {
  const value = useContext(AdminShellContext);
  if (!value) throw new Error('useAdminShell must be used within the admin shell.');
  return value;
}

/**
 * What the sidebar, the header, the palette and the shortcuts share: the signed-in user, which
 * dialogs are open, and the one permission refresher (window focus included).
 */
export function AdminShellProvider({
  user,
  customForms,
  children,
}: {
  user: SessionUser;
  customForms: readonly CustomFormLink[];
  children: ReactNode;
}) {
  const [shortcutsOpen, setShortcutsOpenNow] = useState(false);
  // The palette keeps its open state itself, beside the page and not above it: each key press
  // then renders at once and in order, which Ctrl/Cmd+K and the keys typed after it need.
  const paletteSetter = useRef<((open: boolean) => void) | null>(null);
  const setPaletteOpen = useCallback((open: boolean) => paletteSetter.current?.(open), []);
  const controlPalette = useCallback((set: (open: boolean) => void) => {
    paletteSetter.current = set;
    return () => {
      if (paletteSetter.current === set) paletteSetter.current = null;
    };
  }, []);
  // A transition: a page whose server HTML is still waiting for its code (the dashboard's body)
  // sits under this context, and React keeps that HTML only through transitions.
  const setShortcutsOpen = useCallback((open: boolean) => startTransition(() => setShortcutsOpenNow(open)), []);
  const { refresh, refreshing } = usePermissionRefresh(user.permissions);
  const value = useMemo(
    () => ({
      user,
      customForms,
      setPaletteOpen,
      controlPalette,
      shortcutsOpen,
      setShortcutsOpen,
      refreshPermissions: refresh,
      refreshing,
    }),
    [user, customForms, setPaletteOpen, controlPalette, shortcutsOpen, setShortcutsOpen, refresh, refreshing],
  );
  return <AdminShellContext.Provider value={value}>{children}</AdminShellContext.Provider>;
}
