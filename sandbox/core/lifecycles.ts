/**
 * The lifecycles the sandbox runs: for each kind of object, the statuses it can be created in and
 * the moves from one status to another. The domains set a status only through `created` and
 * `move`, which refuse anything this table does not hold, so the table is what the sandbox does.
 * tests/unit/lifecycles.test.ts holds the state diagrams of the pages to it.
 */
type Lifecycle = {
  /** The field that holds the status. */
  field: string;
  /** The statuses an object can have when it is created. */
  start: readonly string[];
  /** For each status, the statuses it can move to. A status with no moves is final. */
  moves: Readonly<Record<string, readonly string[]>>;
};

export const lifecycles = {
  payment: {
    field: 'status',
    start: ['processing', 'authorized', 'succeeded', 'failed'],
    moves: {
      processing: ['succeeded', 'failed', 'canceled'],
      authorized: ['succeeded', 'canceled'],
      succeeded: [],
      failed: [],
      canceled: [],
    },
  },
  refund: {
    field: 'status',
    start: ['pending'],
    moves: {pending: ['succeeded', 'failed', 'canceled'], succeeded: [], failed: [], canceled: []},
  },
  payout: {
    field: 'status',
    start: ['pending'],
    moves: {pending: ['processing', 'canceled'], processing: ['paid', 'failed'], paid: [], failed: [], canceled: []},
  },
  disputeCase: {
    field: 'status',
    start: ['needs_response', 'lost'],
    moves: {needs_response: ['under_review', 'lost'], under_review: ['won', 'lost'], won: [], lost: []},
  },
  bankAccount: {
    field: 'status',
    start: ['new'],
    moves: {
      new: ['verification_pending', 'verified', 'verification_failed'],
      verification_pending: ['verified', 'verification_failed', 'errored'],
      verified: ['errored'],
      verification_failed: [],
      errored: [],
    },
  },
  account: {
    field: 'status',
    start: ['restricted'],
    moves: {restricted: ['active', 'disabled'], active: ['restricted', 'disabled'], disabled: []},
  },
  product: {
    field: 'status',
    start: ['contract_required'],
    moves: {contract_required: ['active'], active: []},
  },
  onboarding: {
    field: 'status',
    start: ['not_started'],
    moves: {
      not_started: ['in_progress'],
      in_progress: ['submitted'],
      submitted: ['in_review'],
      in_review: ['approved', 'rejected', 'action_required'],
      action_required: ['submitted'],
      approved: [],
      rejected: [],
    },
  },
  onboardingInvitation: {
    field: 'status',
    start: ['pending'],
    moves: {
      pending: ['opened', 'expired', 'revoked'],
      opened: ['completed', 'expired', 'revoked'],
      expired: ['pending', 'opened', 'revoked'],
      completed: [],
      revoked: [],
    },
  },
  apiKey: {
    field: 'status',
    start: ['active'],
    moves: {active: ['revoked'], revoked: []},
  },
  delivery: {
    field: 'delivery_status',
    start: ['pending'],
    moves: {pending: ['succeeded', 'failed'], succeeded: ['pending'], failed: ['pending']},
  },
  transaction: {
    field: 'status',
    start: ['pending', 'available'],
    moves: {pending: ['available'], available: []},
  },
  settlement: {
    field: 'status',
    start: ['open'],
    moves: {open: ['closed'], closed: ['paid'], paid: []},
  },
} as const satisfies Record<string, Lifecycle>;

export type LifecycleName = keyof typeof lifecycles;

/**
 * Told of each status an object is created in (`from` null) and each move: how the tests learn which
 * parts of the lifecycles their scenarios ran. Nobody listens by default.
 */
export const lifecycleListeners = new Set<(name: LifecycleName, from: string | null, to: string) => void>();

/** A status an object of the kind is created in; throws when the kind cannot start there. */
export function created<Status extends string>(name: LifecycleName, status: Status): Status {
  if (!(lifecycles[name].start as readonly string[]).includes(status))
    throw new Error(`The sandbox created a ${name} in status ${status}, which its lifecycle does not start in.`);
  for (const listener of lifecycleListeners) listener(name, null, status);
  return status;
}

/**
 * Moves an object to a status and sets the other fields given. Staying in the same status is no
 * move (a retried delivery stays `pending`); any other move must be in the kind's lifecycle.
 */
export function move(name: LifecycleName, object: Record<string, unknown>, to: string, fields: Record<string, unknown> = {}): void {
  const {field, moves} = lifecycles[name] as Lifecycle;
  const from = String(object[field]);
  if (from !== to && !(moves[from] ?? []).includes(to))
    throw new Error(`The sandbox moved a ${name} from ${from} to ${to}, which its lifecycle does not allow.`);
  Object.assign(object, fields, {[field]: to});
  if (from !== to) for (const listener of lifecycleListeners) listener(name, from, to);
}
