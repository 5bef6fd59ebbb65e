/**
 * The error object every refusal answers with, and the status and type of each code the sandbox
 * gives. tests/unit/sandbox.test.ts holds this table to the catalogue of /api/errors.
 */
export const errorCodes = {
  account_invitation_closed: [409, 'conflict_error'],
  account_not_active: [422, 'invalid_request_error'],
  account_not_deletable: [409, 'conflict_error'],
  account_number_invalid: [422, 'invalid_request_error'],
  amount_invalid: [422, 'invalid_request_error'],
  api_key_invalid: [401, 'authentication_error'],
  api_key_not_revealable: [409, 'conflict_error'],
  api_key_revoked: [409, 'conflict_error'],
  api_key_self_revocation: [409, 'conflict_error'],
  apple_pay_domain_not_registered: [422, 'invalid_request_error'],
  apple_pay_domain_verification_failed: [422, 'invalid_request_error'],
  apple_pay_token_invalid: [422, 'invalid_request_error'],
  bank_account_balance_unavailable: [409, 'conflict_error'],
  bank_account_not_verifiable: [409, 'conflict_error'],
  card_declined: [422, 'processing_error'],
  currency_unsupported: [422, 'invalid_request_error'],
  email_invalid: [422, 'invalid_request_error'],
  expired_card: [422, 'processing_error'],
  expiry_date_invalid: [422, 'invalid_request_error'],
  file_invalid: [422, 'invalid_request_error'],
  fraud_suspected: [422, 'processing_error'],
  idempotency_key_in_use: [409, 'conflict_error'],
  idempotency_key_reused: [409, 'conflict_error'],
  incorrect_cvc: [422, 'processing_error'],
  instant_payouts_not_enabled: [422, 'invalid_request_error'],
  insufficient_balance: [422, 'invalid_request_error'],
  insufficient_funds: [422, 'processing_error'],
  onboarding_already_submitted: [409, 'conflict_error'],
  onboarding_incomplete: [422, 'invalid_request_error'],
  onboarding_invitation_closed: [409, 'conflict_error'],
  owner_required: [409, 'conflict_error'],
  ownership_total_exceeded: [422, 'invalid_request_error'],
  parameter_invalid: [400, 'invalid_request_error'],
  payment_method_already_attached: [409, 'conflict_error'],
  payment_method_not_attached: [409, 'conflict_error'],
  payment_method_unusable: [422, 'invalid_request_error'],
  payment_not_cancelable: [409, 'conflict_error'],
  payment_not_capturable: [409, 'conflict_error'],
  payout_not_cancelable: [409, 'conflict_error'],
  payout_not_updatable: [409, 'conflict_error'],
  permission_denied: [403, 'permission_error'],
  permissions_invalid: [422, 'invalid_request_error'],
  processor_unavailable: [422, 'processing_error'],
  product_not_enabled: [422, 'invalid_request_error'],
  product_unavailable: [422, 'invalid_request_error'],
  rate_limit_exceeded: [429, 'rate_limit_error'],
  refund_exceeds_payment: [422, 'invalid_request_error'],
  refund_not_cancelable: [409, 'conflict_error'],
  resource_already_exists: [409, 'conflict_error'],
  resource_not_found: [404, 'not_found_error'],
  routing_number_invalid: [422, 'invalid_request_error'],
  sandbox_simulation_invalid: [409, 'conflict_error'],
  setting_locked: [409, 'conflict_error'],
  setting_not_locked: [409, 'conflict_error'],
  url_invalid: [422, 'invalid_request_error'],
  wallet_token_invalid: [422, 'invalid_request_error'],
  webhook_event_not_requeueable: [409, 'conflict_error'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof errorCodes;

/** A refusal: thrown by a handler, answered as the error object with its status. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param: string | null = null,
    /** Headers the refusal carries, such as `Retry-After`. */
    readonly headers: Record<string, string> = {},
    /** Fields of the error object besides the five every error has, such as a decline's `payment_id`. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    [this.status, this.type] = errorCodes[code];
  }

  body(requestId: string) {
    return {error: {type: this.type, code: this.code, message: this.message, param: this.param, ...this.fields, request_id: requestId}};
  }
}

export const notFound = (id: string, param: string | null = null) =>
  new ApiError('resource_not_found', `No object with ID ${id} exists in this sandbox account.`, param);
