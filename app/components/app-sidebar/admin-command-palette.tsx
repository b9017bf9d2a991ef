import { CommandPalette } from '~/components/command-palette';
import { lazyComponent } from '~/components/lazy-component';
import { useAdminShell } from './shell-context';

const AdminPaletteDialog = lazyComponent(() => import('./admin-palette-dialog').then((module) => module.AdminPaletteDialog));

/** The admin area's palette: the header's button and Ctrl/Cmd+K open it through the shell's state. */
export function AdminCommandPalette() {
  const { paletteOpen, setPaletteOpen } = useAdminShell();
  return <CommandPalette dialog={AdminPaletteDialog} open={paletteOpen} onOpenChange={setPaletteOpen} />;
}
