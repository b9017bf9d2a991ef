import * as React from 'react';

/**
 * Which of a form's file fields are uploading (each tells `onBusyChange` when it starts and
 * ends): the form's submit waits while `busy`.
 */
export function useUploadsBusy() {
  const [uploading, setUploading] = React.useState<ReadonlySet<string>>(new Set());
  const onBusyChange = React.useCallback(
    (id: string, on: boolean) =>
      setUploading((current) =>
        on === current.has(id) ? current : new Set(on ? [...current, id] : [...current].filter((one) => one !== id)),
      ),
    [],
  );
  return { busy: uploading.size > 0, onBusyChange };
}
