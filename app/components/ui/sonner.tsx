import { Toaster as Sonner } from 'sonner';

export { toast } from 'sonner';

/** Sonner with the product's constants: bottom-right, three at a time, Alt+T focuses them. */
export function SonnerToaster({ theme }: { theme: 'system' | 'light' | 'dark' }) {
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
