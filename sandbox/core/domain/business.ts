/**
 * The business details of an account's onboarding (/concepts/onboarding, What Plaza reviews): the
 * business, its tax information, representative, directors and owners, bank account and documents,
 * and the contracts of its products (/concepts/accounts, Products and contracts).
 *
 * The business details are kept by the path of their operations, as the generic answer keeps
 * sub-resources. The first one saved starts the onboarding; none changes while the review runs.
 */
import {ApiError} from '../errors';
import {move} from '../lifecycles';
import type {AccountContext, RequestContext} from '../context';
import {generic} from '../generic';
import type {ApiObject} from '../state';
import {dayMs} from '../time';
import type {Domain, Handler, HandlerResult} from '../types';
import {accountOf} from './accounts';
import {businessBankAccount, openBankAccount, savedBankAccount} from './customers';
import {onboardingOf, type Decision} from './onboarding-record';

type Json = Record<string, unknown>;

/** The decision of Decide onboarding that each outcome of a test tax ID stands for (/api/testing, test values). */
const taxIdDecisions: Record<string, Decision> = {approved: 'approve', rejected: 'reject', action_required: 'request_information'};

const detailsPath = (accountId: string, part: string) => `/v1/accounts/${accountId}/business${part}`;
export const detailsOf = (context: AccountContext, accountId: string, part: string) =>
  context.account.singletons[detailsPath(accountId, part)] as Json | undefined;

/**
 * A business detail saved or deleted: refused while the review runs (`409 onboarding_already_submitted`),
 * and the first one starts the onboarding (`in_progress`). Documents can be uploaded at any time.
 */
const detail =
  (handler: (context: RequestContext, account: ApiObject) => HandlerResult, lockedInReview = true): Handler =>
  (context) => {
    const account = accountOf(context);
    const record = onboardingOf(context, account.id);
    if (lockedInReview && (record.status === 'submitted' || record.status === 'in_review')) {
      throw new ApiError(
        'onboarding_already_submitted',
        'The onboarding of this account is in review, so its business details are locked. Wait for the review to end, or for onboarding.action_required, before changing them.',
      );
    }
    const result = handler(context, account);
    if (record.status === 'not_started') move('onboarding', record, 'in_progress', {updated_at: context.nowIso()});
    return result;
  };

/** The answer of the specs' examples, for the details the sandbox keeps without rules of its own (directors, owners). */
const fromExample: Handler = (context) => {
  const answer = generic.handlers?.['*'];
  if (!answer) throw new Error('the generic domain has no answer');
  return answer(context);
};

/** A detail kept by path, or `404` before its first save. */
const readDetail =
  (part: string, noun: string): Handler =>
  (context) => {
    const account = accountOf(context);
    const stored = detailsOf(context, account.id, part);
    if (!stored) throw new ApiError('resource_not_found', `Account ${account.id} has no ${noun} saved yet.`);
    return {status: 200, body: stored};
  };

/** The fields a detail's first save must include (`400 parameter_invalid` naming the first one missing). */
function firstSave(context: RequestContext, noun: string, names: string[]) {
  const missing = names.find((name) => context.body[name] === undefined);
  if (missing)
    throw new ApiError('parameter_invalid', `The first save of the ${noun} needs ${names.join(', ')}: ${missing} is missing.`, missing);
}

/** Save business: the fields sent, over the business saved so far; fields never saved are `null`. */
const saveBusiness = detail((context, account) => {
  const path = detailsPath(account.id, '');
  const now = context.nowIso();
  let business = context.account.singletons[path];
  if (!business) {
    firstSave(context, 'business', ['legal_name', 'business_type', 'address']);
    business = {
      account_id: account.id,
      ...nulls([
        'legal_name',
        'doing_business_as',
        'business_type',
        'business_structure',
        'industry_code',
        'website',
        'phone',
        'address',
        'incorporation_date',
        'incorporation_country',
        'incorporation_state',
        'product_description',
        'expected_monthly_volume',
      ]),
      currency: account.default_currency,
      sells_firearms: false,
      created_at: now,
    };
  }
  Object.assign(business, context.body, {updated_at: now});
  context.account.singletons[path] = business;
  return {status: 200, body: business};
});

const nulls = (names: string[]) => Object.fromEntries(names.map((name) => [name, null]));

/**
 * Save tax information: a new tax ID or legal name is checked again (`pending`, then `verified` as
 * soon as the request ends). A test tax ID is remembered for the decision it makes on submission.
 */
const saveTaxInformation = detail((context, account) => {
  const body = context.body;
  if ((body.tax_id === undefined) !== (body.tax_id_type === undefined)) {
    const missing = body.tax_id === undefined ? 'tax_id' : 'tax_id_type';
    throw new ApiError('parameter_invalid', `Send tax_id_type and tax_id together: ${missing} is missing.`, missing);
  }
  const path = detailsPath(account.id, '/tax-information');
  const now = context.nowIso();
  const tax = (context.account.singletons[path] ??= {
    account_id: account.id,
    ...nulls(['tax_id_type', 'masked_tax_id', 'legal_name', 'industry_code', 'verification_status', 'verified_at']),
    created_at: now,
  });
  if (typeof body.tax_id === 'string') {
    const digits = body.tax_id.replace(/-/g, '');
    Object.assign(tax, {tax_id_type: body.tax_id_type, masked_tax_id: maskTaxId(body.tax_id)});
    const tested = [...context.index.sandboxValues('SaveTaxInformationRequest', 'tax_id')].find(
      ([value]) => value.replace(/-/g, '') === digits,
    );
    onboardingOf(context, account.id).test_decision = taxIdDecisions[tested?.[1][0] ?? ''] ?? null;
  }
  for (const name of ['legal_name', 'industry_code'] as const) if (body[name] !== undefined) tax[name] = body[name];
  if ((body.tax_id !== undefined || body.legal_name !== undefined) && tax.masked_tax_id !== null) {
    Object.assign(tax, {verification_status: 'pending', verified_at: null});
    context.schedule(context.now(), 'tax_information.verify', account.id);
  }
  tax.updated_at = now;
  return {status: 200, body: structuredClone(tax)};
});

/** Every digit but the last four masked: `93-4417205` is `**-***7205`. */
const maskTaxId = (taxId: string) => {
  let kept = 0;
  return [...taxId]
    .reverse()
    .map((char) => (/\d/.test(char) && ++kept > 4 ? '*' : char))
    .reverse()
    .join('');
};

/** Save business representative: at least 18 years old; the last digits of the SSN are kept but never shown. */
const saveBusinessRepresentative = detail((context, account) => {
  const path = detailsPath(account.id, '/representative');
  const now = context.nowIso();
  const body = {...context.body};
  let representative = context.account.singletons[path];
  if (!representative) {
    firstSave(context, 'representative', ['first_name', 'last_name', 'address']);
    representative = {
      account_id: account.id,
      ...nulls(['first_name', 'last_name', 'email', 'phone', 'date_of_birth', 'address']),
      ssn_last4_provided: false,
      title: null,
      ultimate_beneficial_owner_id: null,
      created_at: now,
    };
  }
  if (typeof body.date_of_birth === 'string') {
    const adult = new Date(Date.parse(body.date_of_birth));
    adult.setUTCFullYear(adult.getUTCFullYear() + 18);
    if (adult.getTime() > context.now())
      throw new ApiError('parameter_invalid', 'The business representative must be at least 18 years old.', 'date_of_birth');
  }
  if (body.ssn_last4 !== undefined) representative.ssn_last4_provided = true;
  delete body.ssn_last4;
  Object.assign(representative, body, {updated_at: now});
  context.account.singletons[path] = representative;
  return {status: 200, body: representative};
});

/** The lists of owners whose shares may not add up to more than 100%, by ID prefix: their names in a refusal. */
const ownerLists = {ubo: ['ultimate beneficial owners', 'owners'], sh: ['shareholders', 'shareholders']} as const;

/**
 * Refuses a share that would make an account's owners of one list own more than 100% of the business
 * (`ownership_total_exceeded`); `replaced` is the owner whose share it replaces, on an update.
 */
function requireOwnershipWithin(
  context: RequestContext,
  account: ApiObject,
  prefix: keyof typeof ownerLists,
  share: number,
  replaced?: string,
) {
  const owners = context.all([prefix]).filter((owner) => owner.account_id === account.id && owner.id !== replaced);
  // In cents of a percent, as `ownership_percentage` has up to two decimals.
  const total = Math.round(owners.reduce((sum, owner) => sum + Number(owner.ownership_percentage), share) * 100) / 100;
  if (total > 100) {
    const [list, others] = ownerLists[prefix];
    throw new ApiError(
      'ownership_total_exceeded',
      `The ${list} of this account would own ${total}% of the business. Lower ownership_percentage or correct the other ${others} first.`,
      'ownership_percentage',
    );
  }
}

/** Create or update of a shareholder or an ultimate beneficial owner (the ID in path parameter `idParam`), within 100%. */
const ownerWithinFullOwnership = (prefix: keyof typeof ownerLists, idParam: string): Handler =>
  detail((context, account) => {
    const share = context.body.ownership_percentage;
    const replaced = context.params[idParam];
    // An unknown owner is not found, whatever its share would make the total.
    if (replaced !== undefined) context.get(replaced, idParam, [prefix]);
    if (share !== undefined) requireOwnershipWithin(context, account, prefix, Number(share), replaced);
    return fromExample(context);
  });

/**
 * Copy business representative as owner: a new ultimate beneficial owner with the representative's
 * details and the share sent; once only, and the owners' shares may not pass 100%.
 */
const copyBusinessRepresentativeAsOwner = detail((context, account) => {
  const representative = detailsOf(context, account.id, '/representative');
  if (!representative) throw new ApiError('resource_not_found', `Account ${account.id} has no business representative saved yet.`);
  const copied = representative.ultimate_beneficial_owner_id;
  if (typeof copied === 'string' && context.find(copied)) {
    throw new ApiError(
      'resource_already_exists',
      `The business representative was already copied to ultimate beneficial owner ${copied}. Update that owner instead.`,
    );
  }
  const share = Number(context.body.ownership_percentage);
  requireOwnershipWithin(context, account, 'ubo', share);
  const now = context.nowIso();
  const person = ['first_name', 'last_name', 'email', 'phone', 'date_of_birth', 'address', 'ssn_last4_provided'];
  const owner = context.save({
    id: context.newId('ubo'),
    account_id: account.id,
    ...Object.fromEntries(person.map((name) => [name, representative[name]])),
    ownership_percentage: share,
    title: representative.title,
    created_at: now,
    updated_at: now,
  });
  Object.assign(representative, {ultimate_beneficial_owner_id: owner.id, updated_at: now});
  return {status: 201, body: owner};
});

/** Save bank account: replaces the account's business bank account with a new `new` one, which receives micro-deposits. */
const saveBankAccount = detail((context, account) => {
  const body = context.body;
  const replaced = businessBankAccount(context, account.id);
  const bankAccount = openBankAccount(
    context,
    'bba',
    {routingNumber: String(body.routing_number), accountNumber: String(body.account_number)},
    {account_id: account.id, holder_name: body.holder_name, holder_type: body.holder_type, account_type: body.account_type},
  );
  if (replaced) context.remove(replaced.id);
  return {status: 200, body: structuredClone(bankAccount)};
});

const getBankAccount: Handler = (context) => ({status: 200, body: savedBankAccount(context)});

/**
 * Create contract: the product must be on the account; signing it makes the product `active` and
 * supersedes the account's earlier contract for it. The same version signed twice is refused.
 */
const createContract = detail((context, account) => {
  const body = context.body;
  const code = String(body.product_code);
  const product = (account.products as Json[]).find((candidate) => candidate.code === code);
  if (!product) {
    throw new ApiError(
      'product_not_enabled',
      `The ${code} product is not added to account ${account.id}. Add the product to the account, then sign its contract.`,
      'product_code',
    );
  }
  const signedAt = Date.parse(String(body.signed_at));
  if (signedAt > context.now() || signedAt < context.now() - 7 * dayMs) {
    throw new ApiError('parameter_invalid', 'signed_at cannot be in the future or more than 7 days ago.', 'signed_at');
  }
  const earlier = context
    .all(['ctr'])
    .find((contract) => contract.account_id === account.id && contract.product_code === code && contract.status === 'active');
  if (earlier && earlier.version === body.version) {
    throw new ApiError(
      'resource_already_exists',
      `Account ${account.id} already signed version ${String(body.version)} of the ${code} contract (${earlier.id}).`,
      'version',
    );
  }
  const now = context.nowIso();
  if (earlier) Object.assign(earlier, {status: 'superseded', superseded_at: now});
  const id = context.newId('ctr');
  const contract = context.save({
    id,
    account_id: account.id,
    product_code: code,
    version: body.version,
    title: `Plaza ${code[0]?.toUpperCase() ?? ''}${code.slice(1)} Terms of Service`,
    signer_name: body.signer_name,
    signer_title: body.signer_title,
    ip_address: body.ip_address,
    user_agent: body.user_agent ?? null,
    signed_at: body.signed_at,
    status: 'active',
    superseded_at: null,
    document_url: `https://files.plaza.example/contracts/signed/${id}.pdf`,
    created_at: now,
  });
  move('product', product, 'active', {contract_id: id});
  account.updated_at = now;
  return {status: 201, body: contract};
}, false);

/**
 * Get latest product contract: the product's own contract, as the specs' examples of the operation
 * give one for each product, with the version Get all products names as its `latest_contract_version`.
 */
const getLatestProductContract: Handler = (context) => {
  const code = context.params.product_code;
  const examples = context.operation.responses.find((response) => response.status === 200)?.examples ?? [];
  const contract = examples.find((example) => (example as Json).product_code === code);
  if (!contract) throw new Error(`The specs give no latest contract of the ${String(code)} product.`);
  return {status: 200, body: structuredClone(contract)};
};

/** The file types and size Upload business document takes. */
const documentTypes = ['application/pdf', 'image/jpeg', 'image/png'];
const maxDocumentBytes = 10 * 1024 * 1024;

/**
 * Upload business document, from its multipart parts: `document_type`, and `file` as
 * `{file_name, content_type, size}`. A document the review asked for is no longer due.
 */
const uploadBusinessDocument = detail((context, account) => {
  const documentType = context.body.document_type;
  const file = context.body.file as {file_name?: unknown; content_type?: unknown; size?: unknown} | undefined;
  if (typeof documentType !== 'string') throw new ApiError('parameter_invalid', 'The document_type part is required.', 'document_type');
  if (!file || typeof file.file_name !== 'string') throw new ApiError('parameter_invalid', 'The file part is required.', 'file');
  const size = Number(file.size);
  if (!documentTypes.includes(String(file.content_type)) || !(size >= 1 && size <= maxDocumentBytes)) {
    throw new ApiError('file_invalid', `${file.file_name} is not a PDF, JPEG or PNG of at most 10 MB. Upload a supported file.`, 'file');
  }
  const now = context.nowIso();
  const document = context.save({
    id: context.newId('doc'),
    account_id: account.id,
    document_type: documentType,
    file_name: file.file_name,
    content_type: file.content_type,
    size,
    status: 'pending_review',
    rejection_reason: null,
    reviewed_at: null,
    created_at: now,
    updated_at: now,
  });
  const record = onboardingOf(context, account.id);
  record.documents_due = record.documents_due.filter((type) => type !== documentType);
  return {status: 201, body: document};
}, false);

export const businessDetails: Domain = {
  handlers: {
    getBusiness: readDetail('', 'business'),
    saveBusiness,
    getTaxInformation: readDetail('/tax-information', 'tax information'),
    saveTaxInformation,
    getBusinessRepresentative: readDetail('/representative', 'business representative'),
    saveBusinessRepresentative,
    getBankAccount,
    saveBankAccount,
    createContract,
    getLatestProductContract,
    uploadBusinessDocument,
    saveBusinessFirearmsQuestionnaire: detail(fromExample),
    createDirector: detail(fromExample),
    updateDirector: detail(fromExample),
    deleteDirector: detail(fromExample),
    createShareholder: ownerWithinFullOwnership('sh', 'shareholder_id'),
    updateShareholder: ownerWithinFullOwnership('sh', 'shareholder_id'),
    deleteShareholder: detail(fromExample),
    createUltimateBeneficialOwner: ownerWithinFullOwnership('ubo', 'ultimate_beneficial_owner_id'),
    updateUltimateBeneficialOwner: ownerWithinFullOwnership('ubo', 'ultimate_beneficial_owner_id'),
    deleteUltimateBeneficialOwner: detail(fromExample),
    copyBusinessRepresentativeAsOwner,
  },
  jobs: {
    /** The tax authority confirms a pending tax ID (the test tax IDs included). */
    'tax_information.verify': (context, job) => {
      const tax = detailsOf(context, job.id, '/tax-information');
      if (tax?.verification_status === 'pending')
        Object.assign(tax, {verification_status: 'verified', verified_at: context.nowIso(), updated_at: context.nowIso()});
    },
  },
};
