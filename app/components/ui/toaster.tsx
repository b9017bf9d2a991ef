import { useEffect } from 'react';
import type { ExternalToast } from 'sonner';
import { lazyComponent } from '~/components/lazy-component';
import type { Toast } from '~/services/toast.server';

// Sonner loads after hydration. A toast shown before its Toaster listens is not lost: sonner
// hands the toasts still active to a Toaster when it starts listening.
const loadSonner = () => import('./sonner');

/** The notifications (sonner), mounted once in the root layout. */
export const Toaster = lazyComponent(() => loadSonner().then((module) => module.SonnerToaster));

type ShowToast = (message: string, options?: ExternalToast) => void;

function show(type: Toast['type']): ShowToast {
  return (message, options) => {
    void loadSonner().then(({ toast }) => (type === 'message' ? toast : toast[type])(message, options));
  };
}

/** Shows a toast (sonner's `toast`, loaded on first use): `toast('…')`, `toast.success('…')`, … */
export const toast = Object.assign(show('message'), {
  success: show('success'),
  error: show('error'),
  info: show('info'),
});

/** Shows the toast a server action left in the flash cookie, once. */
export function useServerToast(serverToast: Toast | null) {
  useEffect(() => {
    if (!serverToast) return;
    const showServerToast = serverToast.type === 'message' ? toast : toast[serverToast.type];
    showServerToast(serverToast.title, {
      id: serverToast.id,
      description: serverToast.description,
      duration: serverToast.duration,
    });
  }, [serverToast]);
}
