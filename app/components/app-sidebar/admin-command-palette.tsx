import { useEffect, useState } from 'react';
import { CommandPalette } from '~/components/command-palette';
import { lazyComponent } from '~/components/lazy-component';
import { useAdminShell } from './shell-context';

const AdminPaletteDialog = lazyComponent(() => import('./admin-palette-dialog').then((module) => module.AdminPaletteDialog));

/** The admin area's palette: Ctrl/Cmd+K and the header's button (through the shell) open it. */
export function AdminCommandPalette() {
  const { controlPalette } = useAdminShell();
  const [open, setOpen] = useState(false);
  useEffect(() => controlPalette(setOpen), [controlPalette]);
  return <CommandPalette dialog={AdminPaletteDialog} open={open} onOpenChange={setOpen} />;
}
