import type { ContentType, VaultJsonUpload } from '@trackerkit/core';

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

/** An item of `content`; its token count is rough: about four characters a token. */
function item(content: string, contentType: ContentType, metadata: Record<string, unknown> | null): NewItem {
  return {
    content,
    content_type: contentType,
    token_count: Math.ceil(content.length / 4),
    size_bytes: Buffer.byteLength(content),
    metadata,
  };
}

export function textItem(text: string, metadata: Record<string, unknown> | null): NewItem {
  return item(text, 'text', metadata);
}

/** One json item per row, its content the serialized row. */
export function jsonItems(rows: object[]): NewItem[] {
  return rows.map((row) => item(JSON.stringify(row), 'json', null));
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
