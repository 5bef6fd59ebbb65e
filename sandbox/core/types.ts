/**
 * The shapes the sandbox is put together from: a request and its response, and a domain with its
 * handlers and clock jobs. Apart from the types of the contexts and the state, which import nothing of
 * these, it imports nothing: the sandbox, the seed, the clock and every domain share it without
 * importing one another.
 */
import type {AccountContext, RequestContext} from './context';
import type {Job} from './state';

export type SandboxRequest = {
  method: string;
  /** Path and query string. */ url: string;
  headers: Record<string, string | undefined>;
  body?: string;
};
export type SandboxResponse = {status: number; headers: Record<string, string>; body?: unknown};

/** What a handler answers: a JSON body, or the text of a file (`file` names its media type and file name). */
export type HandlerResult = {status: number; body?: unknown; file?: {type: string; name: string}};
export type Handler = (context: RequestContext) => HandlerResult;
export type JobRunner = (context: AccountContext, job: Job) => void;
/** Behaviour of part of the API: handlers by operationId, clock jobs by kind, and what a new account starts with. */
export type Domain = {handlers?: Record<string, Handler>; jobs?: Record<string, JobRunner>; open?: (context: AccountContext) => void};
