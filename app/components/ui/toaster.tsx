import { useEffect } from 'react';
import { Toaster as Sonner, toast as showToast } from 'sonner';
import type { Toast } from '~/services/toast.server';

/** Sonner with the product's constants: bottom-right, three at a time, Alt+T focuses them. */
export function Toaster({ theme }: { theme: 'system' | 'light' | 'dark' }) {
  return (
    <Sonner
      data-slot="toaster"
      theme={theme}
      position="bottom-right"
      visibleToasts={3}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel="Notifications"
      closeButton
      richColors
    />
  );
}

/** Shows the toast a server action left in the flash cookie, once. */
export function useServerToast(toast: Toast | null) {
  useEffect(() => {
    if (!toast) return;
    // setTimeout lets sonner's container mount first on a fresh page load.
    const timer = setTimeout(() => {
      const show = toast.type === 'message' ? showToast : showToast[toast.type];
      show(toast.title, { id: toast.id, description: toast.description, duration: toast.duration });
    }, 0);
    return () => clearTimeout(timer);
  }, [toast]);
}
