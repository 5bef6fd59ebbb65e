/**
 * What the sandbox keeps of an account's onboarding besides the business details saved: its status,
 * the decision a test tax ID makes, the documents a reviewer asked for. The accounts start it, the
 * business details and the ledger read it, onboarding.ts reviews and decides it; kept apart from those,
 * so that each of them reads the record without importing the others.
 */
import type {AccountContext} from '../context';

type OnboardingStatus = 'not_started' | 'in_progress' | 'submitted' | 'in_review' | 'action_required' | 'approved' | 'rejected';
export type Decision = 'approve' | 'reject' | 'request_information';

/** The record of one account, kept in its account's singletons under onboardingKey. */
type Onboarding = {
  status: OnboardingStatus;
  submitted_at: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  updated_at: string;
  /** Documents a reviewer asked for that were not uploaded since. */
  documents_due: string[];
  /** The decision that the saved test tax ID makes on submission, if it is one. */
  test_decision: Decision | null;
};

export const onboardingKey = (accountId: string) => `onboarding/${accountId}`;
export const onboardingOf = (context: AccountContext, accountId: string) =>
  context.account.singletons[onboardingKey(accountId)] as Onboarding;

export function startOnboarding(context: AccountContext, accountId: string, status: OnboardingStatus) {
  const now = context.nowIso();
  const decided = status === 'approved' ? now : null;
  context.account.singletons[onboardingKey(accountId)] = {
    status,
    submitted_at: decided,
    decided_at: decided,
    decision_reason: null,
    updated_at: now,
    documents_due: [],
    test_decision: null,
  } satisfies Onboarding;
}
