// Upload a file (pdf, csv, txt, md, jpg, png) to a tracker's vault. Zapier hands a `file` field to a
// perform as a URL: a file from an earlier step, hydrated by Zapier; a URL the user typed; or text,
// which Zapier turns into a .txt file it hosts. The file is downloaded with z.request (so Zapier's
// own request rules, logging and redirect checks apply) and its body stream goes to the client's
// uploadFile, which stops reading past the document's size limit and checks the name, the content
// and the fields by the core's rules before anything is sent to the service.
import type { Bundle, Create, ZObject } from 'zapier-platform-core';
import { spaceFilterField, trackerField } from '../fields.ts';
import { withClient } from '../tracker-client.ts';

/** The name a download answers with: Content-Disposition's (RFC 6266), else the URL path's last part. */
function downloadName(contentDisposition: string | null, url: string): string {
  const header = contentDisposition ?? '';
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const raw = extended?.[1] ?? plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.trim());
    } catch {
      return text.trim();
    }
  };
  if (raw) return decode(raw);
  try {
    return decode(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}

type RawResponse = {
  headers: { get(name: string): string | null };
  body: NodeJS.ReadableStream;
  url: string;
};

export const uploadFile = {
  key: 'upload_file',
  noun: 'Vault File',
  display: {
    label: 'Upload File to Vault',
    description: "Adds a file (PDF, CSV, text, Markdown, JPEG or PNG) to a tracker's vault.",
  },
  operation: {
    inputFields: [
      spaceFilterField,
      trackerField,
      {
        key: 'file',
        label: 'File',
        type: 'file' as const,
        required: true,
        helpText:
          'A file from an earlier step, or its URL. Text that is not a URL is uploaded as a .txt file.',
      },
      {
        key: 'filename',
        label: 'File Name',
        required: false,
        helpText:
          'With its extension, which decides the type (pdf, csv, txt, md, jpg, jpeg, png). Empty: the name the file comes with.',
      },
      {
        key: 'source_name',
        label: 'Source Name',
        required: false,
        helpText: 'Empty: the file name.',
      },
      {
        key: 'description',
        label: 'Description',
        type: 'text' as const,
        required: false,
        helpText: 'What the file holds; required for images (JPEG, PNG).',
      },
    ],
    perform: async (z: ZObject, bundle: Bundle) => {
      const url = bundle.inputData.file as string;
      // A 4xx or 5xx of the download fails the step (Zapier's throwForStatus, raw responses too).
      const response = (await z.request({ url, raw: true })) as unknown as RawResponse;
      const given = (key: string) => {
        const value = bundle.inputData[key];
        return typeof value === 'string' && value !== '' ? value : undefined;
      };
      try {
        return await withClient(z, bundle, async (client) => {
          const result = await client.vault.uploadFile(bundle.inputData.tracker_id as string, {
            file: response.body,
            filename:
              given('filename') ??
              downloadName(response.headers.get('content-disposition'), response.url || url),
            source_name: given('source_name'),
            description: given('description'),
          });
          return { id: result.source_id, ...result };
        });
      } finally {
        // A file refused by its name or size is not read to its end: let its connection go.
        (response.body as { destroy?: () => void }).destroy?.();
      }
    },
    sample: {
      id: 'src_7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      source_id: 'src_7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      name: 'delivery-report.pdf',
      source_type: 'PDF',
      size_bytes: 48213,
      status: 'completed',
      is_new_source: true,
    },
    outputFields: [
      { key: 'id', label: 'Source ID' },
      { key: 'name', label: 'Source Name' },
      { key: 'source_type', label: 'Source Type' },
      { key: 'size_bytes', label: 'Size (Bytes)', type: 'integer' as const },
      { key: 'status', label: 'Status' },
      { key: 'is_new_source', label: 'New Source', type: 'boolean' as const },
    ],
  },
} satisfies Create;
