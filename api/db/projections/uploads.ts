import { uploads } from '../schema';
import type { Projection } from './projection';

export interface FileUploadedData {
  originalFileName: string;
  contentType: string;
  size: number;
  formType: string;
  fieldName: string | null;
  uploadedBy: string | null;
  branchId: string | null;
}

/** Confirmed uploads, keyed by their storage key (the stream id). */
export const uploadsProjection: Projection = {
  name: 'uploads',
  tables: [uploads],
  handlers: {
    async FileUploaded(tx, event) {
      const data = event.data as FileUploadedData;
      await tx.insert(uploads).values({
        key: event.streamId,
        originalFileName: data.originalFileName,
        contentType: data.contentType,
        size: data.size,
        formType: data.formType,
        uploadedBy: data.uploadedBy,
        branchId: data.branchId,
        createdAt: event.occurredAt,
      });
    },
  },
};
