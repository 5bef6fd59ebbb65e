/** The sandbox core: everything a host (the Node server, a browser worker, a test) needs. */
import {generic} from './generic';
import {Sandbox, type SandboxOptions} from './sandbox';

export {Sandbox, maxBodyBytes, type Domain, type SandboxRequest, type SandboxResponse} from './sandbox';
export {SpecIndex, type SandboxSpecs} from './spec';
export {emptyState, type SandboxState} from './state';

/** Plaza's behaviour, domain by domain; the generic answer comes last. */
export const domains = [generic];

export const createSandbox = (options: Omit<SandboxOptions, 'domains'>) => new Sandbox({...options, domains});
