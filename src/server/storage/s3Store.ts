/**
 * Files in an S3-compatible bucket (STORAGE_BACKEND=s3): every API server and render worker reads
 * and writes the same objects, so no server needs another's disk. Keys are the local store's
 * relative paths. Loaded only when configured (the SDK is large).
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { contentTypeOf } from './contentTypes';
import { checkKey, checkPrefix, type ByteRange, type FileStore, type ListedFile, type StoredFile } from './types';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Starts every object's name (S3_PREFIX), so that deployments can share a bucket; '' by default. */
  prefix?: string;
}

/** Files sent at once by putFolder and deletePrefix. */
const PARALLEL = 8;

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/** Runs `work` over `items`, `PARALLEL` at a time. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

const isPage = (file: string): boolean => /\.html?(\.(br|gz))?$/.test(file);

/** Files up to this size are read whole and uploaded from memory (retried on a dropped connection). */
const BUFFERED_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix ?? '';
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // The SDK's default checksums trailers on streamed bodies, which some S3-compatible servers
      // store as part of the object (s3rver: 300,045 bytes for 300,000): only where S3 requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Checks that the bucket answers with these credentials (at start, so that a mistake is found then). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async putFile(key: string, source: string): Promise<void> {
    const { size } = await fs.promises.stat(source);
    // The SDK cannot send a stream twice, so a dropped connection fails a streamed upload at once
    // (a site's preview failed so in the scale-out tests): a site's files go as buffers, which the
    // SDK's retries send again; only large files (videos) are streamed.
    if (size <= BUFFERED_UPLOAD_MAX_BYTES) return this.putBuffer(key, await fs.promises.readFile(source));
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.objectOf(key), Body: fs.createReadStream(source), ContentLength: size, ContentType: contentTypeOf(key) }),
    );
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectOf(key), Body: data, ContentLength: data.length, ContentType: contentTypeOf(key) }));
  }

  async putFolder(prefix: string, dir: string): Promise<string[]> {
    const bare = checkPrefix(prefix);
    const files = (await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    const before = await this.list(`${bare}/`);
    // Assets first, then pages, then what the new folder no longer has: a reader never meets a
    // page whose files are missing (no bucket renames a folder at once).
    const put = (file: string): Promise<void> => this.putFile(`${bare}/${file}`, path.join(dir, file));
    await eachLimited(files.filter((file) => !isPage(file)), put);
    await eachLimited(files.filter(isPage), put);
    const kept = new Set(files.map((file) => `${bare}/${file}`));
    await eachLimited(
      before.filter((key) => !kept.has(key)),
      (key) => this.delete(key),
    );
    return files;
  }

  async head(key: string): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectOf(key) }));
      return { size: answer.ContentLength ?? 0, etag: answer.ETag ?? '""', modifiedAt: answer.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<{ file: StoredFile; body: Readable } | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      // A range's answer names the whole size after the slash: "bytes 0-99/1000".
      const total = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : answer.ContentLength;
      if (!(answer.Body instanceof Readable)) throw new Error('The S3 client answered without a stream');
      return { file: { size: total ?? 0, etag: answer.ETag ?? '""', modifiedAt: answer.LastModified ?? new Date(0) }, body: answer.Body };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const source = `${this.bucket}/${this.objectOf(from).split('/').map(encodeURIComponent).join('/')}`;
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: this.objectOf(to), CopySource: source }));
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.listWithTimes(prefix)).map((entry) => entry.key);
  }

  async listWithTimes(prefix: string): Promise<ListedFile[]> {
    const bare = checkPrefix(prefix);
    const entries: ListedFile[] = [];
    let token: string | undefined;
    do {
      const answer = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}${bare ? `${bare}/` : ''}`, ContinuationToken: token }));
      for (const object of answer.Contents ?? []) if (object.Key) entries.push({ key: object.Key.slice(this.prefix.length), modifiedAt: object.LastModified ?? new Date(0), size: object.Size ?? 0 });
      token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (token);
    return entries;
  }

  /** The objects under this deployment's prefix, a thousand a request. */
  async usedBytes(): Promise<number> {
    let total = 0;
    let token: string | undefined;
    do {
      const answer = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }));
      for (const object of answer.Contents ?? []) total += object.Size ?? 0;
      token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (token);
    return total;
  }

  async deletePrefix(prefix: string): Promise<number> {
    const bare = checkPrefix(prefix);
    const keys = await this.list(`${bare}/`);
    if (bare && (await this.head(bare))) keys.push(bare);
    // One request per key: DeleteObjects needs a checksum that not every S3-compatible server takes.
    await eachLimited(keys, (key) => this.delete(key));
    return keys.length;
  }

  private async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectOf(key) }));
  }

  private objectOf(key: string): string {
    return `${this.prefix}${checkKey(key)}`;
  }

  close(): void {
    this.client.destroy();
  }
}
