import { useFetcher, useLocation, useRouteLoaderData } from '@remix-run/react';
import { Slot } from 'radix-ui';
import { useState } from 'react';
import { lazyComponent, usePreloadWhenIdle } from '~/components/lazy-component';
import { MonitorIcon, MoonIcon, SunIcon, type LucideIcon } from '~/components/ui/icons';
import type { loader as rootLoader } from '~/root';
import type { action as themeAction } from '~/routes/resources.theme';
import type { Theme } from '~/services/theme.server';
import { Button } from './ui/button';
import { useDeferredMenuTrigger } from './ui/deferred-trigger';

const THEME_ACTION = '/resources/theme';
const FETCHER_KEY = 'theme';

// The menu shows nothing until it is opened: Radix's menu loads after hydration.
const ThemeMenu = lazyComponent(() => import('./theme-menu').then((module) => module.ThemeMenu));

export const THEMES: ReadonlyArray<{ value: Theme; label: string; Icon: LucideIcon }> = [
  { value: 'light', label: 'Light', Icon: SunIcon },
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'system', label: 'System', Icon: MonitorIcon },
];

/** Without JavaScript the button steps through the themes in this order. */
const NEXT: Record<Theme, Theme> = { light: 'dark', dark: 'system', system: 'light' };

function isTheme(value: unknown): value is Theme {
  return THEMES.some((theme) => theme.value === value);
}

/** The theme being shown: the one just chosen while its request is under way, else the cookie's. */
export function useTheme(): Theme {
  const rootData = useRouteLoaderData<typeof rootLoader>('root');
  const fetcher = useFetcher<typeof themeAction>({ key: FETCHER_KEY });
  const pending = fetcher.formData?.get('theme');
  return isTheme(pending) ? pending : (rootData?.theme ?? 'system');
}

/**
 * Light, dark or follow the system. With JavaScript a menu that applies the choice at once and
 * saves it with a fetcher; without, the same button is a form that steps to the next theme.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const fetcher = useFetcher<typeof themeAction>({ key: FETCHER_KEY });
  const theme = useTheme();
  const csrf = useRouteLoaderData<typeof rootLoader>('root')?.csrfToken ?? '';
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const trigger = useDeferredMenuTrigger(open, setOpen, ThemeMenu.preload);
  usePreloadWhenIdle(ThemeMenu);
  const redirectTo = `${location.pathname}${location.search}`;
  const current = THEMES.find((entry) => entry.value === theme);
  const CurrentIcon = current?.Icon ?? MonitorIcon;

  function choose(value: string) {
    if (!isTheme(value)) return;
    document.documentElement.dataset.theme = value;
    fetcher.submit({ theme: value, redirectTo, csrf }, { method: 'post', action: THEME_ACTION });
  }

  return (
    <fetcher.Form method="post" action={THEME_ACTION} className={className} data-slot="theme-toggle">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Slot.Root {...trigger.props}>
        <Button
          type="submit"
          name="theme"
          value={NEXT[theme]}
          variant="ghost"
          size="icon"
          onClick={(event) => {
            // With JavaScript the menu takes over from the form. A click with no pointer or key
            // behind it (detail 0) comes from assistive technology, which radix does not open for.
            event.preventDefault();
            if (event.detail === 0) setOpen(true);
          }}
        >
          <CurrentIcon aria-hidden="true" />
          <span className="sr-only">Theme: {current?.label ?? 'System'}</span>
        </Button>
      </Slot.Root>
      <ThemeMenu link={trigger.link} open={open} onOpenChange={setOpen} theme={theme} onChoose={choose} />
    </fetcher.Form>
  );
}
