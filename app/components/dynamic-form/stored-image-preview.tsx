import { storedFileHref } from '~/components/dynamic-form/upload-actors';
import { cn } from '~/components/ui/cn';

/** An uploaded image shown beside its file field as it will be used, on white as it will be printed. */
export function StoredImagePreview({ storedKey, label, className }: { storedKey: string; label: string; className?: string }) {
  return (
    <img
      src={storedFileHref(storedKey)}
      alt={`${label} as uploaded`}
      className={cn('h-16 rounded-md border bg-white object-contain p-1', className)}
    />
  );
}
