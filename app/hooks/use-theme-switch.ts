import { useFetcher, useLocation } from '@remix-run/react';
import { useCallback } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import type { action as themeAction } from '~/routes/resources.theme';
import type { Theme } from '~/services/theme.server';

/**
 * Applies a theme at once and saves it in its cookie. Shares the theme menu's fetcher, so
 * `useTheme()` shows the new choice while the request is under way.
 */
export function useThemeSwitch() {
  const fetcher = useFetcher<typeof themeAction>({ key: 'theme' });
  const csrf = useAuthenticityToken();
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  const { submit } = fetcher;
  return useCallback(
    (theme: Theme) => {
      document.documentElement.dataset.theme = theme;
      submit({ theme, redirectTo, csrf }, { method: 'post', action: '/resources/theme' });
    },
    [submit, redirectTo, csrf],
  );
}
