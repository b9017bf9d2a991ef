import { useLocation, useNavigation } from '@remix-run/react';

function withoutView(search: string) {
  const params = new URLSearchParams(search);
  params.delete('view');
  params.sort();
  return params.toString();
}

/**
 * What the page is waiting for: `busy` while another page, sort or filter of this list loads
 * (not while a record's details open), `pendingView` while those details load.
 */
export function useListNavigation() {
  const location = useLocation();
  const navigation = useNavigation();
  const next = navigation.state === 'loading' && !navigation.formData ? navigation.location : undefined;
  if (!next || next.pathname !== location.pathname) return { busy: false, pendingView: null };
  return {
    busy: withoutView(next.search) !== withoutView(location.search),
    pendingView: new URLSearchParams(next.search).get('view'),
  };
}

/** True while this page posts a form with the given intent (and loads the answer). */
export function useSubmittingIntent(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}
