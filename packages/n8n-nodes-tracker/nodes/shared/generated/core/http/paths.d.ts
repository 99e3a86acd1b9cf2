// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { paths } from '../generated/openapi';
export type ApiPath = keyof paths;
type Lower = 'get' | 'post' | 'patch' | 'delete';
/** An HTTP method the document uses, as it goes on the wire. */
export type HttpMethod = Uppercase<Lower>;
/** The methods the document defines for a path. */
export type MethodsOf<P extends ApiPath> = {
    [K in Lower]: paths[P][K] extends undefined ? never : Uppercase<K>;
}[Lower];
type Operation<P extends ApiPath, M extends HttpMethod> = NonNullable<paths[P][Lowercase<M>]>;
type JsonOf<R> = R extends {
    content: {
        'application/json': infer B;
    };
} ? B : never;
/** The operation's success body (its 200, 201 or 202). */
export type ResultOf<P extends ApiPath, M extends HttpMethod> = Operation<P, M> extends {
    responses: infer R;
} ? JsonOf<R[Extract<keyof R, 200 | 201 | 202>]> : never;
/** The operation's query parameters. */
export type QueryOf<P extends ApiPath, M extends HttpMethod> = Operation<P, M> extends {
    parameters: {
        query?: infer Q;
    };
} ? NonNullable<Q> : never;
/** The values of the path template's `{names}`. */
export type ParamsOf<P extends ApiPath, M extends HttpMethod> = Operation<P, M> extends {
    parameters: {
        path: infer X;
    };
} ? X : never;
/** The operation's JSON request body. */
export type BodyOf<P extends ApiPath, M extends HttpMethod> = Operation<P, M> extends {
    requestBody?: {
        content: {
            'application/json': infer B;
        };
    };
} ? B : never;
export {};
