// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import { FILE_TYPES } from '../generated/limits';
import { type Problem } from '../problem';
export type FileExtension = keyof typeof FILE_TYPES;
/** The media type sent with each extension (all listed in the document's multipart encoding). */
export declare const MEDIA_TYPES: Readonly<Record<FileExtension, string>>;
/** The accepted extension of a file name, lower-cased; undefined when it has none of FILE_TYPES. */
export declare function extensionOf(filename: string): FileExtension | undefined;
export declare function fileNameProblems(filename: string, path?: string[]): Problem[];
export declare const isImage: (ext: FileExtension) => boolean;
/** Whether the bytes are what the extension claims: magic bytes for binary formats, UTF-8 text otherwise. */
export declare function matchesFileType(ext: FileExtension, bytes: Uint8Array): boolean;
export declare const fileTooLargeProblem: (path?: string[], maxBytes?: number) => Problem;
/**
 * The file's content against its extension: not empty, within the size limit (the document's, or
 * `maxBytes` where a service is configured otherwise), the right kind of bytes.
 */
export declare function fileContentProblems(ext: FileExtension, bytes: Uint8Array, { path, maxBytes }?: {
    path?: string[];
    maxBytes?: number;
}): Problem[];
/** Images need a description of 10-500 characters for search indexing. */
export declare function imageDescriptionProblems(ext: FileExtension, description: string | undefined): Problem[];
