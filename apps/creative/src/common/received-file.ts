/** A file received into a temporary path (a multipart upload, or an MCP tool's base64 content), before it becomes an asset. */
export interface ReceivedFile {
  path: string;
  size: number;
  sha256: string;
  filename: string | null;
}
