/**
 * The framework internals that the bench's A/B measures: those of the switchboard (src/internals).
 * A copy of the project is built with one of them left out by its flag (PLAZA_INTERNALS_OFF), so
 * that the copy is the stock framework in that respect and nothing else.
 */
import {internals, offVariable, type Internal} from '../../src/internals';

export {internals, type Internal};

/** The environment of a build without `internal`. */
export const withoutInternal = (internal: Internal): Record<string, string> => ({[offVariable]: internal.name});
