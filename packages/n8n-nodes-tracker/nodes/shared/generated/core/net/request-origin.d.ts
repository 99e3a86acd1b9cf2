// Generated from @trackerkit/core by scripts/bundle-core.mjs. Do not edit.
import type { HeaderSource } from '../signing/verify-types';
/** The names a loopback server answers to whatever it is bound to (the SDK's `localhostAllowedHostnames`). */
export declare const LOOPBACK_HOSTNAMES: readonly string[];
/** A host name as a Host header's is compared: lower case, IPv6 in brackets, no port. */
export declare function asHostname(name: string): string;
/**
 * The host names a server answers to: the loopback names, the address it is bound to (unless it
 * is every interface) and the operator's `extra` (a proxy's public name, the public URL's host).
 */
export declare function allowedHostnames(bindHost: string, extra?: readonly string[]): string[];
export interface OriginPolicy {
    /** Host names (see `allowedHostnames`) accepted in Host, and as the host of an Origin. */
    hosts: readonly string[];
    /** Whole origins (`scheme://host[:port]`, as a browser writes them) accepted besides, also cross-site. */
    origins?: readonly string[];
    /**
     * The media types the endpoint reads from a body (`application/json` also stands for
     * `application/*+json`): a state-changing request carrying a body must declare one, in UTF-8.
     * Absent: the endpoint reads no body and its type is not checked.
     */
    accepts?: readonly string[];
    /** Where the operator adds a name (`server.allowed_hosts`, `--allowed-hosts`), for the message. */
    hostsSetting?: string;
}
export interface OriginRefusal {
    /** 403 for Host, Origin and Sec-Fetch-Site; 415 for Content-Type. */
    status: 403 | 415;
    header: 'host' | 'origin' | 'sec-fetch-site' | 'content-type';
    reason: 'missing_host' | 'foreign_host' | 'foreign_origin' | 'cross_site' | 'unsupported_media_type' | 'unsupported_charset';
    /** Names the header and the rule, without a package prefix (each layer adds its own). */
    message: string;
}
/**
 * Why a request must not reach the endpoint (the header, the rule and the status to answer), or
 * undefined when it may. `method` decides what is checked: Host and Origin always; for a
 * state-changing method also Sec-Fetch-Site and, where the endpoint reads a body, Content-Type.
 */
export declare function originRefusal(method: string, headers: HeaderSource, policy: OriginPolicy): OriginRefusal | undefined;
