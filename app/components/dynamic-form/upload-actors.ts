import { fromCallback, fromPromise } from 'xstate';
import type { UploadableFile, UploadEvent, UploadRequest, UploadTarget } from '~/machines/upload.machine';

/**
 * The browser's side of the upload machine's actors: the presign and confirm calls go through
 * /resources/uploads (which holds the token), the bytes go straight to the storage address with
 * an XMLHttpRequest, whose upload events give the progress (fetch has none).
 */

const UPLOADS_PATH = '/resources/uploads';

/** Headers a page may not set on a request; the browser sets them itself. */
const FORBIDDEN_HEADERS = new Set(['content-length', 'host', 'connection']);

interface Envelope<Data> {
  success: boolean;
  message: string;
  data: Data | null;
}

async function post<Data>(csrf: string, fields: Record<string, string | number | undefined>): Promise<Data> {
  const body = new URLSearchParams({ csrf });
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.set(name, String(value));
  const response = await fetch(UPLOADS_PATH, { method: 'POST', body, credentials: 'same-origin' });
  const envelope = (await response.json().catch(() => null)) as Envelope<Data> | null;
  if (!response.ok || !envelope?.success || envelope.data === null) {
    throw new Error(envelope?.message || `Upload request failed with status ${response.status}`);
  }
  return envelope.data;
}

export function uploadActors(csrf: string) {
  return {
    requestAddress: fromPromise<UploadTarget, UploadRequest>(({ input }) =>
      post<UploadTarget>(csrf, {
        intent: 'presign',
        fileName: input.file.name,
        fileType: input.file.type,
        fileSize: input.file.size,
        formType: input.formType,
        fieldName: input.fieldName,
      }),
    ),
    uploadFile: fromCallback<UploadEvent, { file: UploadableFile; target: UploadTarget }>(({ input, sendBack }) => {
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', input.target.presignedUrl);
      for (const [name, value] of Object.entries(input.target.headers)) {
        if (!FORBIDDEN_HEADERS.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
      }
      xhr.upload.onprogress = (event) => {
        sendBack({ type: 'upload.progress', loaded: event.loaded, total: event.lengthComputable ? event.total : input.file.size });
      };
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) {
          sendBack({ type: 'upload.progress', loaded: input.file.size, total: input.file.size });
          sendBack({ type: 'upload.sent' });
          return;
        }
        let message = `Storage upload failed with status ${xhr.status}`;
        try {
          const payload = JSON.parse(xhr.responseText) as { message?: string };
          if (payload.message) message = `${payload.message} (status ${xhr.status})`;
        } catch {
          // Not JSON (S3 answers XML): the status says enough.
        }
        sendBack({ type: 'upload.error', message });
      };
      xhr.onerror = () =>
        sendBack({ type: 'upload.error', message: 'The file could not reach storage. Check the connection and try again.' });
      xhr.send(input.file);
      return () => {
        if (xhr.readyState !== XMLHttpRequest.DONE) xhr.abort();
      };
    }),
    confirmUpload: fromPromise<unknown, UploadRequest & { key: string }>(({ input }) =>
      post(csrf, {
        intent: 'confirm',
        key: input.key,
        fileName: input.file.name,
        fileSize: input.file.size,
        formType: input.formType,
        fieldName: input.fieldName,
      }),
    ),
  };
}

/** Opens a stored file through the app (which asks the API for a short-lived address). */
export function storedFileHref(key: string): string {
  return `${UPLOADS_PATH}?key=${encodeURIComponent(key)}`;
}

/** Downloads a stored file under its original name (SPEC.md section 7: download=true, filename). */
export function downloadHref(key: string, fileName: string): string {
  return `${UPLOADS_PATH}?${new URLSearchParams({ key, download: 'true', filename: fileName })}`;
}
