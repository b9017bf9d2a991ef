/** A file to store as a browser does. */
export interface FileToStore {
  fileName: string;
  fileType: string;
  bytes: Buffer;
  formType: string;
  fieldName?: string;
}

/**
 * Stores a file in a running server as a browser does (decision 008): an address, the PUT, the
 * confirmation. Answers its key; any refusal stops the caller with the server's answer.
 */
export async function storeFileOverHttp(baseUrl: string, headers: Record<string, string>, file: FileToStore): Promise<string> {
  const { fileName, fileType, bytes, formType, fieldName } = file;
  const post = async <Data>(path: string, body: unknown, status: number): Promise<Data> => {
    const answer = await fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (answer.status !== status) throw new Error(`POST ${path} answered ${answer.status}: ${await answer.text()}`);
    return ((await answer.json()) as { data: Data }).data;
  };
  const address = await post<{ presignedUrl: string; key: string; headers: Record<string, string> }>(
    '/s3-upload/presigned-url',
    { fileName, fileType, fileSize: bytes.length, formType, fieldName },
    200,
  );
  const put = await fetch(new URL(address.presignedUrl, baseUrl), { method: 'PUT', headers: address.headers, body: new Uint8Array(bytes) });
  if (!put.ok) throw new Error(`storing ${fileName} answered ${put.status}`);
  await post(
    '/s3-upload/confirm-upload',
    { key: address.key, originalFileName: fileName, fileSize: bytes.length, formType, fieldName },
    201,
  );
  return address.key;
}
