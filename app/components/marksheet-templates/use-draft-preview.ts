import * as React from 'react';

/** Where the editor's form is posted to be made into a sample marksheet (resources.marksheet-template-preview). */
const DRAFT_PREVIEW_PATH = '/resources/marksheet-template-preview';

/** How long typing must pause before the preview is made again. */
export const DRAFT_PREVIEW_DELAY_MS = 600;

export type DraftPreview =
  | { state: 'idle' }
  | { state: 'loading'; url: string | null }
  | { state: 'ready'; url: string }
  | { state: 'invalid' | 'failed'; url: string | null; messages: string[] };

/** The messages of a refusal: each field's, else the answer's own. */
function messagesOf(answer: { message?: string; errors?: Record<string, string[]> } | null, status: number): string[] {
  const fields = [...new Set(Object.values(answer?.errors ?? {}).flat())];
  if (fields.length) return fields;
  return [answer?.message || `The preview could not be made (status ${status}).`];
}

/**
 * The live preview of a template being edited: shortly after the form stops changing, its fields
 * are posted and the sample marksheet comes back as a PDF, shown from a blob address. The latest
 * edit wins: a request still running when the form changes again is abandoned. While one runs the
 * last preview stays; a refusal keeps it too, beside the messages saying why. A new `saved`
 * (the version a save made) starts over from the saved revision's preview.
 */
export function useDraftPreview(saved?: number) {
  const [preview, setPreview] = React.useState<DraftPreview>({ state: 'idle' });
  const timer = React.useRef<ReturnType<typeof setTimeout>>();
  const running = React.useRef<AbortController>();
  const shown = React.useRef<string | null>(null);

  const show = React.useCallback((next: DraftPreview) => {
    const url = next.state === 'idle' ? null : next.url;
    if (shown.current && shown.current !== url) URL.revokeObjectURL(shown.current);
    shown.current = url;
    setPreview(next);
  }, []);

  const refresh = React.useCallback(
    async (body: FormData) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const last = shown.current;
      setPreview({ state: 'loading', url: last });
      try {
        const response = await fetch(DRAFT_PREVIEW_PATH, { method: 'POST', body, credentials: 'same-origin', signal: controller.signal });
        if (response.ok) {
          const blob = await response.blob();
          if (!controller.signal.aborted) show({ state: 'ready', url: URL.createObjectURL(blob) });
          return;
        }
        const answer = (await response.json().catch(() => null)) as { message?: string; errors?: Record<string, string[]> } | null;
        if (controller.signal.aborted) return;
        show({ state: response.status === 400 ? 'invalid' : 'failed', url: last, messages: messagesOf(answer, response.status) });
      } catch {
        if (!controller.signal.aborted) {
          show({
            state: 'failed',
            url: last,
            messages: ['The preview could not be made. Check the connection; it is made again as you edit.'],
          });
        }
      }
    },
    [show],
  );

  const onEdit = React.useCallback(
    (form: HTMLFormElement) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void refresh(new FormData(form)), DRAFT_PREVIEW_DELAY_MS);
    },
    [refresh],
  );

  React.useEffect(
    () => () => {
      clearTimeout(timer.current);
      running.current?.abort();
      show({ state: 'idle' });
    },
    [saved, show],
  );

  return { preview, onEdit };
}
