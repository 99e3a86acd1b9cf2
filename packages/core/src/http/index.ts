// @trackerkit/core/http: the edge every layer that calls the service shares (the client, the n8n
// node): requests typed from the document's `paths`, the request path and its id rule, the answer's
// body and `detail`, and what a thrown request means for the retry rule (sendWithRetries, in the
// rulebook's entry). Sans I/O like the rest of the core: the caller brings fetch or its own helper.
export { describeDetail, detailOf, parseBody } from './answer.ts';
export type {
  ApiPath,
  BodyOf,
  HttpMethod,
  MethodsOf,
  ParamsOf,
  QueryOf,
  ResultOf,
} from './paths.ts';
export { expandPath, requestPathProblems } from './request-path.ts';
export { outcomeOfThrown } from './thrown.ts';
