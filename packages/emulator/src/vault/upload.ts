import type { ContentType, VaultJsonUpload } from '@trackerkit/client';

export interface NewItem {
  content: string;
  content_type: ContentType;
  token_count: number;
  size_bytes: number;
  metadata: Record<string, unknown> | null;
}

export interface Upload {
  sourceName: string;
  description: string | null;
  sourceType: string;
  items: NewItem[];
}

/** A rough token count: about four characters a token. */
export const tokenCount = (text: string) => Math.ceil(text.length / 4);

export function textItem(text: string, metadata: Record<string, unknown> | null): NewItem {
  return {
    content: text,
    content_type: 'text',
    token_count: tokenCount(text),
    size_bytes: Buffer.byteLength(text),
    metadata,
  };
}

/** One json item per row, its content the serialized row. */
export function jsonItems(rows: object[]): NewItem[] {
  return rows.map((row) => {
    const content = JSON.stringify(row);
    return {
      content,
      content_type: 'json',
      token_count: tokenCount(content),
      size_bytes: Buffer.byteLength(content),
      metadata: null,
    };
  });
}

export function jsonUpload(body: VaultJsonUpload): Upload {
  const rows = Array.isArray(body.data) ? body.data : [body.data];
  return {
    sourceName: body.source_name,
    description: body.description ?? null,
    sourceType: 'JSON',
    items: jsonItems(rows),
  };
}
