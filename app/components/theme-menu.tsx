import { THEMES } from './theme-toggle';
import { TriggerProxy, type TriggerLink } from './ui/deferred-trigger';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './ui/dropdown-menu';
import type { Theme } from '~/services/theme.server';

/** The theme menu's Radix part, loaded after hydration: its trigger is `ThemeToggle`'s button. */
export function ThemeMenu({
  link,
  open,
  onOpenChange,
  theme,
  onChoose,
}: {
  link: TriggerLink;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  theme: Theme;
  onChoose: (value: string) => void;
}) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <TriggerProxy link={link} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-36">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <ThemeChoices theme={theme} onChoose={onChoose} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The themes as a radio group of a menu: this one and the user menu's Theme submenu. */
export function ThemeChoices({ theme, onChoose }: { theme: Theme; onChoose: (value: string) => void }) {
  return (
    <DropdownMenuRadioGroup value={theme} onValueChange={onChoose}>
      {THEMES.map(({ value, label, Icon }) => (
        <DropdownMenuRadioItem key={value} value={value}>
          <Icon aria-hidden="true" />
          {label}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}
