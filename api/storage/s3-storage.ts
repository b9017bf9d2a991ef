import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Clock } from '../domain/clock';
import {
  assertSafeKey,
  contentDisposition,
  mimeEssence,
  type ObjectInfo,
  type ObjectStorage,
  type PresignedPut,
  type PresignGetInput,
  type PresignPutInput,
  type PutObjectInput,
} from './object-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, s3rver...); AWS itself needs none. */
  endpoint?: string;
  /** Bucket in the path instead of the host name; most self-hosted services need it. */
  forcePathStyle?: boolean;
  /** Without them the SDK's default chain applies (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  clock: Clock;
}

/** The longest lifetime SigV4 allows a presigned address. */
const MAX_EXPIRES_IN = 7 * 24 * 60 * 60;

/**
 * Any S3-compatible service through the AWS SDK. Objects stay private; browsers read them through
 * presigned GET addresses. The presigned PUT signs Content-Type and Content-Length, so a service
 * that checks SigV4 fully (AWS S3 does) refuses another type or size; confirm checks both again
 * because not every service does.
 */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  private readonly clock: Clock;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.clock = options.clock;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: options.credentials,
      // Otherwise the SDK signs a checksum of an empty body into the PUT address and S3 refuses
      // the real upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async presignPut({ key, contentType, size, expiresIn }: PresignPutInput): Promise<PresignedPut> {
    assertSafeKey(key);
    const type = mimeEssence(contentType);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: type, ContentLength: size });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: lifetime(expiresIn),
      signingDate: this.clock.now(),
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, headers: { 'Content-Type': type }, requiresAclHeader: false };
  }

  async presignGet({ key, expiresIn, downloadName }: PresignGetInput): Promise<string> {
    assertSafeKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition:
        downloadName !== undefined ? contentDisposition('attachment', downloadName || key.split('/').pop()!) : undefined,
    });
    return getSignedUrl(this.client, command, { expiresIn: lifetime(expiresIn), signingDate: this.clock.now() });
  }

  async put({ key, contentType, body }: PutObjectInput): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: mimeEssence(contentType),
        ContentLength: body.byteLength,
      }),
    );
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertSafeKey(key);
    try {
      const found = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: found.ContentLength ?? 0,
        contentType: mimeEssence(found.ContentType ?? 'application/octet-stream'),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    assertSafeKey(key);
    if (bytes <= 0) return Buffer.alloc(0);
    try {
      const found = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
      const body = Buffer.from((await found.Body?.transformToByteArray()) ?? []);
      // A service that ignores Range sends everything.
      return body.subarray(0, bytes);
    } catch (error) {
      // An empty object has no byte 0 to start a range at.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

function lifetime(expiresIn: number): number {
  if (!Number.isFinite(expiresIn) || expiresIn <= 0) throw new RangeError('expiresIn must be positive');
  return Math.min(Math.ceil(expiresIn), MAX_EXPIRES_IN);
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}
