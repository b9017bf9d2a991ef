import { uploads } from '../schema';
import type { UploadEvent } from '../../domain/upload-events';
import type { Projection } from './projection';

/** Confirmed uploads, keyed by their storage key (the stream id). */
export const uploadsProjection: Projection<UploadEvent, 'FileUploaded'> = {
  name: 'uploads',
  tables: [uploads],
  handlers: {
    async FileUploaded(tx, event) {
      const { data } = event;
      await tx.insert(uploads).values({
        key: event.streamId,
        originalFileName: data.originalFileName,
        contentType: data.contentType,
        size: data.size,
        formType: data.formType,
        uploadedBy: data.uploadedBy,
        branchId: data.branchId,
        createdAt: event.occurredAt,
        imageWidth: data.image?.width ?? null,
        imageHeight: data.image?.height ?? null,
        webCopies: data.image?.webCopies ?? null,
      });
    },
  },
};
