import { createContext, startTransition, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { usePermissionRefresh } from '~/hooks/use-permission-refresh';
import type { SessionUser } from '~/services/auth.server';
import type { CustomFormLink } from '~/lib/route-registry';

interface AdminShellValue {
  user: SessionUser;
  /** The super admin's custom forms the user fills in (empty for those who may not). */
  customForms: readonly CustomFormLink[];
  paletteOpen: boolean;
  setPaletteOpen: (open: boolean) => void;
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
  const [paletteOpen, setPaletteOpenNow] = useState(false);
  const [shortcutsOpen, setShortcutsOpenNow] = useState(false);
  // Transitions: a page whose server HTML is still waiting for its code (the dashboard's body)
  // sits under this context, and React keeps that HTML only through transitions.
  const setPaletteOpen = useCallback((open: boolean) => startTransition(() => setPaletteOpenNow(open)), []);
  const setShortcutsOpen = useCallback((open: boolean) => startTransition(() => setShortcutsOpenNow(open)), []);
  const { refresh, refreshing } = usePermissionRefresh(user.permissions);
  const value = useMemo(
    () => ({
      user,
      customForms,
      paletteOpen,
      setPaletteOpen,
      shortcutsOpen,
      setShortcutsOpen,
      refreshPermissions: refresh,
      refreshing,
    }),
    [user, customForms, paletteOpen, setPaletteOpen, shortcutsOpen, setShortcutsOpen, refresh, refreshing],
  );
  return <AdminShellContext.Provider value={value}>{children}</AdminShellContext.Provider>;
}
