import type { DomainEvent } from '../db/event-store';
import type { ImageSizes } from '../images/web-copies';

export interface FileUploadedData {
  originalFileName: string;
  contentType: string;
  size: number;
  formType: string;
  fieldName: string | null;
  uploadedBy: string | null;
  branchId: string | null;
  /** Given when the field's rule makes web copies (site images); absent for other files and older uploads. */
  image?: ImageSizes;
}

/** A stored file that broke its field's rules: deleted from storage, kept in the log. */
export interface FileRejectedData {
  reason: string;
  size: number;
  contentType: string;
  declaredSize: number;
  formType: string;
  fieldName: string | null;
}

/** One stream per stored file, keyed by its storage key. */
export type UploadEvent = DomainEvent<'FileUploaded', FileUploadedData> | DomainEvent<'FileRejected', FileRejectedData>;
