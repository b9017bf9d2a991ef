import { z } from 'zod';
import { FORM_TYPE_PATTERN } from '../uploads/keys';
import { defineContract } from './endpoint';

/** Seconds a download address stays valid unless the caller asks otherwise (SPEC.md: 300). */
const DOWNLOAD_ADDRESS_TTL_SECONDS = 300;
const MAX_DOWNLOAD_ADDRESS_TTL_SECONDS = 3600;

const formType = z.string().trim().regex(FORM_TYPE_PATTERN, 'Invalid form type');
const fieldName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid field name')
  .optional();
const fileSize = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const uploadRecord = z.object({
  _id: z.string(),
  key: z.string(),
  originalFileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  formType: z.string(),
  uploadedBy: z.string().nullable(),
  branchId: z.string().nullable(),
  createdAt: z.string(),
});
export type UploadRecord = z.infer<typeof uploadRecord>;

export const uploadContract = {
  presignedUrl: defineContract({
    method: 'post',
    path: '/s3-upload/presigned-url',
    summary:
      'An address to PUT one file to, valid for 10 minutes: send the body with exactly `headers` ' +
      '(its Content-Type) and `fileSize` bytes, then confirm. `cloudFrontUrl` and `s3Url` are null: ' +
      'files are private and read through /s3-upload/download-url.',
    tag: 'uploads',
    body: z.object({
      // Missing name or size answer "No file provided" rather than a schema error.
      fileName: z.string().max(255).default(''),
      fileType: z.string().max(255).default(''),
      fileSize: fileSize.default(0),
      formType,
      fieldName,
    }),
    response: z.object({
      presignedUrl: z.string(),
      key: z.string(),
      cloudFrontUrl: z.string().nullable(),
      s3Url: z.string().nullable(),
      requiresAclHeader: z.boolean(),
      expiresIn: z.number(),
      method: z.literal('PUT'),
      headers: z.record(z.string()),
      contentType: z.string(),
      maxSize: z.number(),
    }),
    example: { body: { fileName: 'photo.jpg', fileType: 'image/jpeg', fileSize: 84213, formType: 'student', fieldName: 'studentPhoto' } },
  }),
  confirm: defineContract({
    method: 'post',
    path: '/s3-upload/confirm-upload',
    summary:
      'Checks the stored file (real size, type and first bytes) and records it; a file that breaks ' +
      'the limits or its declared type is deleted and refused with 400',
    tag: 'uploads',
    body: z.object({
      key: z.string().min(1).max(512),
      originalFileName: z.string().max(255).default(''),
      fileSize,
      formType,
      fieldName,
    }),
    response: uploadRecord,
    creates: 'or-finds',
    refuses: [404],
    example: {
      body: {
        key: 'student/2026/11/3f2c9a1e-photo.jpg',
        originalFileName: 'photo.jpg',
        fileSize: 84213,
        formType: 'student',
        fieldName: 'studentPhoto',
      },
    },
  }),
  downloadUrl: defineContract({
    method: 'get',
    path: '/s3-upload/download-url',
    summary: 'A short-lived address to read a confirmed file (default 300 s, at most an hour)',
    tag: 'uploads',
    query: z.object({
      key: z.string().min(1).max(512),
      expiresIn: z.coerce
        .number()
        .int()
        .positive()
        .default(DOWNLOAD_ADDRESS_TTL_SECONDS)
        .transform((seconds) => Math.min(seconds, MAX_DOWNLOAD_ADDRESS_TTL_SECONDS)),
      download: z
        .enum(['true', 'false', '1', '0'])
        .default('false')
        .transform((value) => value === 'true' || value === '1'),
      filename: z.string().max(255).optional(),
    }),
    response: z.object({ url: z.string(), expiresIn: z.number() }),
    refuses: [404],
    example: { query: { key: 'student/2026/11/3f2c9a1e-photo.jpg', expiresIn: '300' } },
  }),
};
