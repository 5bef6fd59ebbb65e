/** Rule scenarios of the Accounts API (tests/lib/rule-scenarios.ts). */
import assert from 'node:assert/strict';
import type {Json, Request, Scenario, ScenarioRun} from '../rule-scenarios';

const address = {line1: '118 Alder Row', city: 'Bend', state: 'OR', postal_code: '97701', country: 'US'};

/** A new seller of the caller's platform, with the products given; its ID. */
async function newSeller({ok}: ScenarioRun, products: string[] = ['payments']): Promise<string> {
  const seller = await ok(201, 'POST', '/v1/accounts', {
    type: 'seller',
    business_name: 'Juniper Kiln Pottery',
    email: 'studio@juniperkiln.example',
    country: 'US',
    products,
  });
  return String(seller.id);
}

/** Saves the business, the tax ID given, the representative and the bank account of a seller (not verified yet). */
async function saveDetails(run: ScenarioRun, seller: string, taxId: string, accountNumber = '000123456789'): Promise<void> {
  const {ok} = run;
  await ok(200, 'PUT', `/v1/accounts/${seller}/business`, {legal_name: 'Juniper Kiln Pottery LLC', business_type: 'company', address});
  await ok(200, 'PUT', `/v1/accounts/${seller}/business/tax-information`, {tax_id_type: 'ein', tax_id: taxId});
  await ok(200, 'PUT', `/v1/accounts/${seller}/business/representative`, {
    first_name: 'Noor',
    last_name: 'Haddad',
    email: 'noor@juniperkiln.example',
    date_of_birth: '1986-11-02',
    ssn_last4: '4417',
    address,
  });
  await ok(200, 'PUT', `/v1/accounts/${seller}/business/bank-account`, {
    holder_name: 'Juniper Kiln Pottery LLC',
    holder_type: 'company',
    account_type: 'checking',
    routing_number: '111000025',
    account_number: accountNumber,
  });
}

/** A contract signature for the product, signed a minute ago by the sandbox clock. */
const signature = (run: ScenarioRun, productCode: string, version: string) => ({
  product_code: productCode,
  version,
  signer_name: 'Noor Haddad',
  signer_title: 'Owner',
  ip_address: '203.0.113.40',
  signed_at: new Date(run.clock.wall - 60_000).toISOString(),
});

/** The attestation that Onboard takes. */
const attestation = (run: ScenarioRun) => ({
  attester_name: 'Noor Haddad',
  attester_title: 'Owner',
  ip_address: '203.0.113.40',
  attested_at: new Date(run.clock.wall - 60_000).toISOString(),
});

/** A seller with every detail saved, its bank account verified and its payments contract signed, ready for Onboard. */
async function readySeller(run: ScenarioRun, taxId: string): Promise<string> {
  const seller = await newSeller(run);
  await saveDetails(run, seller, taxId);
  await run.ok(200, 'POST', `/v1/accounts/${seller}/business/bank-account/verification`, {amounts: [32, 45]});
  await run.ok(201, 'POST', `/v1/accounts/${seller}/contracts`, signature(run, 'payments', '4.2'));
  return seller;
}

/** The ID of the key that makes the scenario's requests, as Get all API keys lists it. */
async function ownKeyId({ok}: ScenarioRun): Promise<string> {
  const keys = (await ok(200, 'GET', '/v1/api-keys')).data as Json[];
  const own = keys.find((key) => key.name === 'Sandbox key');
  assert.ok(own, 'Get all API keys lists the key that opened the account');
  return String(own.id);
}

export const accountsScenarios: Record<string, Scenario> = {
  'a customer is updated, then deleted, and each change is an event': async ({ok}) => {
    const customer = await ok(201, 'POST', '/v1/customers', {name: 'Avery Chen', email: 'avery.chen@example.com'});
    await ok(200, 'PUT', `/v1/customers/${String(customer.id)}`, {phone: '+14155550123'});
    await ok(204, 'DELETE', `/v1/customers/${String(customer.id)}`);
  },

  // Onboarding: the test tax IDs, and what Onboard refuses.
  'a seller with tax ID 00-0000001 is approved as soon as it is submitted': async (run) => {
    const seller = await readySeller(run, '00-0000001');
    await run.ok(200, 'POST', `/v1/accounts/${seller}/onboarding`, attestation(run));
    const review = await run.ok(200, 'GET', `/v1/accounts/${seller}/onboarding/review`);
    assert.equal(review.onboarding_status, 'approved');
    const account = await run.ok(200, 'GET', `/v1/accounts/${seller}`);
    assert.equal(`${String(account.status)} ${String(account.status_reason)}`, 'active null');
  },
  'a seller with tax ID 00-0000002 is rejected, and stays restricted': async (run) => {
    const seller = await readySeller(run, '00-0000002');
    await run.ok(200, 'POST', `/v1/accounts/${seller}/onboarding`, attestation(run));
    const review = await run.ok(200, 'GET', `/v1/accounts/${seller}/onboarding/review`);
    assert.equal(review.onboarding_status, 'rejected');
    assert.ok(typeof review.decision_reason === 'string' && review.decision_reason.length > 0, 'a rejection says why');
    const events = (await run.ok(200, 'GET', '/v1/events?type=onboarding.rejected')).data as Json[];
    assert.equal(events.length, 1, 'onboarding.rejected is sent once');
    const account = await run.ok(200, 'GET', `/v1/accounts/${seller}`);
    assert.equal(`${String(account.status)} ${String(account.status_reason)}`, 'restricted onboarding_rejected');
  },
  'a seller with tax ID 00-0000003 is asked for a bank statement, then approved once it is uploaded': async (run) => {
    const seller = await readySeller(run, '00-0000003');
    await run.ok(200, 'POST', `/v1/accounts/${seller}/onboarding`, attestation(run));
    const review = await run.ok(200, 'GET', `/v1/accounts/${seller}/onboarding/review`);
    assert.equal(review.onboarding_status, 'action_required');
    const due = review.requirements as Json[];
    assert.deepEqual(
      due.map((requirement) => `${String(requirement.type)} ${String(requirement.document_type)}`),
      ['document bank_statement'],
    );
    const upload = await uploadDocument(run, seller, 'bank_statement', 'statement.pdf', 'application/pdf', '%PDF-1.4\n%statement');
    assert.equal(upload.status, 201, JSON.stringify(upload.body));
    await run.ok(200, 'POST', `/v1/accounts/${seller}/onboarding`, attestation(run));
    const after = await run.ok(200, 'GET', `/v1/accounts/${seller}/onboarding/review`);
    assert.equal(after.onboarding_status, 'approved');
  },
  'Onboard with nothing saved is refused as incomplete': async (run) => {
    const seller = await newSeller(run);
    const error = await run.refused(422, 'onboarding_incomplete', 'POST', `/v1/accounts/${seller}/onboarding`, attestation(run));
    assert.match(String(error.message), /business\.legal_name/);
  },
  'a submitted seller can neither change its details nor be submitted again': async (run) => {
    const seller = await readySeller(run, '93-4417205');
    await run.ok(200, 'POST', `/v1/accounts/${seller}/onboarding`, attestation(run));
    await run.refused(409, 'onboarding_already_submitted', 'PUT', `/v1/accounts/${seller}/business`, {
      website: 'https://juniperkiln.example',
    });
    await run.refused(409, 'onboarding_already_submitted', 'POST', `/v1/accounts/${seller}/onboarding`, attestation(run));
  },
  'an email address under .invalid cannot receive mail and is refused': async (run) => {
    const error = await run.refused(422, 'email_invalid', 'POST', '/v1/accounts', {
      type: 'seller',
      business_name: 'Juniper Kiln Pottery',
      email: 'studio@juniperkiln.invalid',
      country: 'US',
    });
    assert.equal(error.param, 'email');
    await run.refused(422, 'email_invalid', 'POST', '/v1/customers', {name: 'Ines Duarte', email: 'ines@mail.invalid'});
    const customers = (await run.ok(200, 'GET', '/v1/customers')).data as Json[];
    assert.equal(customers.length, 0, 'nothing is saved');
  },
  'Decide onboarding refuses a seller that was never submitted': async (run) => {
    const seller = await newSeller(run);
    await run.refused(409, 'sandbox_simulation_invalid', 'POST', `/v1/sandbox/accounts/${seller}/onboarding/decide`, {decision: 'approve'});
    const review = await run.ok(200, 'GET', `/v1/accounts/${seller}/onboarding/review`);
    assert.equal(review.onboarding_status, 'not_started');
  },

  // Products and contracts.
  'a product the account already has cannot be added again': async (run) => {
    const seller = await newSeller(run);
    await run.refused(409, 'resource_already_exists', 'POST', `/v1/accounts/${seller}/products`, {product_code: 'payments'});
  },
  'credit cannot be added before payments is active and the onboarding approved': async (run) => {
    const seller = await newSeller(run);
    await run.refused(422, 'product_unavailable', 'POST', `/v1/accounts/${seller}/products`, {product_code: 'credit'});
  },
  'a contract for a product the account does not have is refused': async (run) => {
    const seller = await newSeller(run, ['payments']);
    await run.refused(422, 'product_not_enabled', 'POST', `/v1/accounts/${seller}/contracts`, signature(run, 'payouts', '2.1'));
  },

  // Owners and documents.
  'owners who would own more than 100% of the business are refused': async (run) => {
    const seller = await newSeller(run);
    await saveDetails(run, seller, '93-4417205');
    await run.ok(201, 'POST', `/v1/accounts/${seller}/business/ultimate-beneficial-owners`, {
      first_name: 'Marisol',
      last_name: 'Vega',
      date_of_birth: '1979-04-21',
      ownership_percentage: 40,
      address,
    });
    const error = await run.refused(
      422,
      'ownership_total_exceeded',
      'POST',
      `/v1/accounts/${seller}/business/representative/copy-as-owner`,
      {ownership_percentage: 70},
    );
    assert.equal(error.param, 'ownership_percentage');
  },
  'a document that is not a PDF, JPEG or PNG is refused': async (run) => {
    const seller = await newSeller(run);
    const answer = await uploadDocument(run, seller, 'formation_document', 'articles.txt', 'text/plain', 'Articles of organization');
    assert.equal(`${answer.status} ${String((answer.body.error as Json | undefined)?.code)}`, '422 file_invalid');
  },

  // Business bank account.
  'a business bank account whose micro-deposits fail is verification_failed, with its event': async (run) => {
    const seller = await newSeller(run);
    await saveDetails(run, seller, '93-4417205', '000222222227');
    const bankAccount = await run.ok(200, 'POST', `/v1/accounts/${seller}/business/bank-account/verification`, {amounts: [32, 45]});
    assert.equal(bankAccount.status, 'verification_failed');
    const events = (await run.ok(200, 'GET', '/v1/events?type=business_bank_account.verification_failed')).data as Json[];
    assert.equal(events.length, 1);
    await run.refused(409, 'bank_account_not_verifiable', 'GET', `/v1/accounts/${seller}/business/bank-account/verification-url`);
  },
  'the sandbox bank refuses account number 000333333334': async (run) => {
    const seller = await newSeller(run);
    const error = await run.refused(422, 'account_number_invalid', 'PUT', `/v1/accounts/${seller}/business/bank-account`, {
      holder_name: 'Juniper Kiln Pottery LLC',
      holder_type: 'company',
      account_type: 'checking',
      routing_number: '111000025',
      account_number: '000333333334',
    });
    assert.equal(error.param, 'account_number');
    await run.refused(404, 'resource_not_found', 'GET', `/v1/accounts/${seller}/business/bank-account`);
  },
  'a verified business bank account has nothing left to verify': async (run) => {
    const seller = await newSeller(run);
    await saveDetails(run, seller, '93-4417205');
    await run.ok(200, 'POST', `/v1/accounts/${seller}/business/bank-account/verification`, {amounts: [32, 45]});
    await run.refused(409, 'bank_account_not_verifiable', 'POST', `/v1/accounts/${seller}/business/bank-account/verification`, {
      amounts: [32, 45],
    });
  },

  // The account itself, and its settings.
  'a platform account cannot be deleted through the API': async (run) => {
    await run.refused(409, 'account_not_deletable', 'DELETE', `/v1/accounts/${await ownAccountId(run)}`);
  },
  'a locked setting cannot be changed with Update account': async (run) => {
    const seller = await newSeller(run);
    const error = await run.refused(409, 'setting_locked', 'PUT', `/v1/accounts/${seller}`, {settings: {'payouts.delay_days': '1'}});
    assert.equal(error.param, 'settings.payouts.delay_days');
  },

  'access is asked for a locked setting once, and never for an unlocked one': async (run) => {
    const seller = await newSeller(run);
    const reason = {reason: 'Our potters restock clay weekly and want their funds the next business day.', requested_value: '1'};
    const request = await run.ok(201, 'POST', `/v1/accounts/${seller}/settings/payouts.delay_days/access-requests`, reason);
    assert.equal(request.status, 'pending');
    const settings = (await run.ok(200, 'GET', `/v1/accounts/${seller}/settings`)).data as Json[];
    const delay = settings.find((setting) => setting.name === 'payouts.delay_days');
    assert.equal(`${String(delay?.access)} ${String(delay?.access_request_id)}`, `requested ${String(request.id)}`);
    await run.refused(409, 'resource_already_exists', 'POST', `/v1/accounts/${seller}/settings/payouts.delay_days/access-requests`, reason);
    await run.refused(409, 'setting_not_locked', 'POST', `/v1/accounts/${seller}/settings/payouts.schedule/access-requests`, reason);
  },
  'the only owner of an account can be neither removed nor demoted': async (run) => {
    const platform = await ownAccountId(run);
    const members = (await run.ok(200, 'GET', `/v1/accounts/${platform}/members`)).data as Json[];
    const owner = members.find((member) => member.role === 'owner');
    assert.ok(owner, 'a new account has its owner as a member');
    const path = `/v1/accounts/${platform}/members/${String(owner.id)}`;
    await run.refused(409, 'owner_required', 'PUT', path, {role: 'developer'});
    await run.refused(409, 'owner_required', 'DELETE', path);
    const kept = await run.ok(200, 'PUT', path, {role: 'owner'});
    assert.equal(kept.role, 'owner');
  },
  // API keys.
  'permissions are refused for a publishable key, and "*" mixed with named ones': async ({refused}) => {
    await refused(422, 'permissions_invalid', 'POST', '/v1/api-keys', {
      name: 'Checkout',
      type: 'publishable',
      permissions: ['payments:read'],
    });
    await refused(422, 'permissions_invalid', 'POST', '/v1/api-keys', {
      name: 'Reports',
      type: 'secret',
      permissions: ['*', 'payments:read'],
    });
  },
  'a revoked key is revoked for good: no reveal, no change, no second revocation': async (run) => {
    const key = await run.ok(201, 'POST', '/v1/api-keys', {name: 'Nightly export', type: 'secret', permissions: ['payments:read']});
    const id = String(key.id);
    await run.ok(204, 'DELETE', `/v1/api-keys/${id}`);
    const revoked = await run.ok(200, 'GET', `/v1/api-keys/${id}`);
    assert.equal(revoked.status, 'revoked');
    const events = (await run.ok(200, 'GET', '/v1/events?type=api_key.revoked')).data as Json[];
    assert.equal(events.length, 1);
    await run.refused(409, 'api_key_revoked', 'DELETE', `/v1/api-keys/${id}`);
    await run.refused(409, 'api_key_revoked', 'PUT', `/v1/api-keys/${id}`, {name: 'Nightly export (old)'});
    await run.refused(409, 'api_key_revoked', 'POST', `/v1/api-keys/${id}/regenerate`, {});
    await run.refused(409, 'api_key_not_revealable', 'GET', `/v1/api-keys/${id}/reveal`);
    // Its value no longer opens the account.
    const stale = await run.send('GET', '/v1/payments', undefined, {'X-API-KEY': String(key.secret)});
    assert.equal(stale.status, 401);
  },
  'a key cannot revoke itself': async (run) => {
    await run.refused(409, 'api_key_self_revocation', 'DELETE', `/v1/api-keys/${await ownKeyId(run)}`);
  },

  // Webhooks.
  'a webhook URL that is not https is refused': async ({refused}) => {
    await refused(422, 'url_invalid', 'POST', '/v1/webhooks', {
      url: 'http://hooks.juniperkiln.example/plaza',
      enabled_events: ['payment.succeeded'],
    });
  },

  // Account invitations.
  'an accepted account invitation can be neither resent nor withdrawn': async (run) => {
    const platform = await ownAccountId(run);
    const invitation = await run.ok(201, 'POST', `/v1/accounts/${platform}/invitations`, {
      email: 'lena.fischer@example.com',
      role: 'developer',
    });
    await run.refused(409, 'resource_already_exists', 'POST', `/v1/accounts/${platform}/invitations`, {
      email: 'Lena.Fischer@example.com',
      role: 'viewer',
    });
    const path = `/v1/accounts/${platform}/invitations/${String(invitation.id)}`;
    const accepted = await run.ok(200, 'POST', `${sandboxPath(path)}/accept`, {name: 'Lena Fischer'});
    assert.equal(accepted.status, 'accepted');
    const members = (await run.ok(200, 'GET', `/v1/accounts/${platform}/members`)).data as Json[];
    const member = members.find((candidate) => candidate.id === accepted.member_id);
    assert.equal(`${String(member?.role)} ${String(member?.invitation_id)}`, `developer ${String(invitation.id)}`);
    await run.refused(409, 'account_invitation_closed', 'POST', `${path}/resend`);
    await run.refused(409, 'account_invitation_closed', 'DELETE', path);
    await run.refused(409, 'sandbox_simulation_invalid', 'POST', `${sandboxPath(path)}/accept`, {name: 'Lena Fischer'});
    await run.refused(409, 'resource_already_exists', 'POST', `/v1/accounts/${platform}/invitations`, {
      email: 'lena.fischer@example.com',
      role: 'viewer',
    });
  },
  'a revoked account invitation stays revoked and cannot be resent': async (run) => {
    const platform = await ownAccountId(run);
    const invitation = await run.ok(201, 'POST', `/v1/accounts/${platform}/invitations`, {email: 'noah.berg@example.com', role: 'support'});
    const path = `/v1/accounts/${platform}/invitations/${String(invitation.id)}`;
    await run.ok(204, 'DELETE', path);
    await run.ok(204, 'DELETE', path);
    await run.refused(409, 'account_invitation_closed', 'POST', `${path}/resend`);
    const listed = (await run.ok(200, 'GET', `/v1/accounts/${platform}/invitations`)).data as Json[];
    assert.equal(listed.find((item) => item.id === invitation.id)?.status, 'revoked', 'a revoked invitation stays listed');
  },
  'an account invitation expires after 7 days, and a resend makes it pending again': async (run) => {
    const platform = await ownAccountId(run);
    const invitation = await run.ok(201, 'POST', `/v1/accounts/${platform}/invitations`, {email: 'noah.berg@example.com', role: 'support'});
    await run.ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 169});
    const listed = (await run.ok(200, 'GET', `/v1/accounts/${platform}/invitations`)).data as Json[];
    assert.equal(listed.find((item) => item.id === invitation.id)?.status, 'expired');
    const resent = await run.ok(200, 'POST', `/v1/accounts/${platform}/invitations/${String(invitation.id)}/resend`);
    assert.equal(`${String(resent.status)} ${String(resent.send_count)}`, 'pending 2');
  },

  // Onboarding invitations.
  'an opened onboarding invitation keeps its form fields, and is completed when its account is submitted': async (run) => {
    const invitation = await run.ok(201, 'POST', '/v1/onboarding-invitations', {
      email: 'studio@juniperkiln.example',
      business_name: 'Juniper Kiln Pottery',
      products: ['payments'],
    });
    const path = `/v1/onboarding-invitations/${String(invitation.id)}`;
    const opened = await run.ok(200, 'POST', `${sandboxPath(path)}/open`);
    assert.equal(opened.status, 'opened');
    const seller = String(opened.account_id);
    const account = await run.ok(200, 'GET', `/v1/accounts/${seller}`);
    assert.equal(`${String(account.type)} ${String(account.business_name)}`, 'seller Juniper Kiln Pottery');
    const error = await run.refused(409, 'onboarding_invitation_closed', 'PUT', path, {email: 'noor@juniperkiln.example'});
    assert.equal(error.param, 'email');
    await run.ok(200, 'PUT', path, {metadata: {seller_ref: 'S-2041'}});
    await saveDetails(run, seller, '00-0000001');
    await run.ok(200, 'POST', `/v1/accounts/${seller}/business/bank-account/verification`, {amounts: [32, 45]});
    await run.ok(201, 'POST', `/v1/accounts/${seller}/contracts`, signature(run, 'payments', '4.2'));
    await run.ok(200, 'POST', `/v1/accounts/${seller}/onboarding`, attestation(run));
    const completed = await run.ok(200, 'GET', path);
    assert.equal(completed.status, 'completed');
    await run.refused(409, 'onboarding_invitation_closed', 'PUT', path, {
      expires_at: new Date(run.clock.wall + 5 * 86_400_000).toISOString(),
    });
    await run.ok(200, 'PUT', path, {metadata: {seller_ref: 'S-2042'}});
  },
  'a revoked onboarding invitation accepts only metadata': async (run) => {
    const invitation = await run.ok(201, 'POST', '/v1/onboarding-invitations', {email: 'ops@northwindoutfitters.example'});
    const path = `/v1/onboarding-invitations/${String(invitation.id)}`;
    const revoked = await run.ok(200, 'PUT', path, {status: 'revoked'});
    assert.equal(revoked.status, 'revoked');
    const error = await run.refused(409, 'onboarding_invitation_closed', 'PUT', path, {business_name: 'Northwind Outfitters'});
    assert.equal(error.param, 'business_name');
    await run.refused(409, 'sandbox_simulation_invalid', 'POST', `${sandboxPath(path)}/open`);
    await run.ok(200, 'PUT', path, {metadata: {seller_ref: 'S-1187'}});
    // The email is free for a new invitation.
    await run.ok(201, 'POST', '/v1/onboarding-invitations', {email: 'ops@northwindoutfitters.example'});
  },
  'onboarding invitations expire at expires_at, and a new expiry reopens them': async (run) => {
    const soon = () => new Date(run.clock.wall + 2 * 3_600_000).toISOString();
    const invite = (email: string) => run.ok(201, 'POST', '/v1/onboarding-invitations', {email, expires_at: soon()});
    const [unopened, opened, left] = await Promise.all(
      ['owner@lopezceramics.example', 'ops@northwindoutfitters.example', 'studio@juniperkiln.example'].map(invite),
    );
    const path = (invitation: Json | undefined) => `/v1/onboarding-invitations/${String(invitation?.id)}`;
    await run.ok(200, 'POST', `${sandboxPath(path(opened))}/open`);
    await run.ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 3});
    for (const invitation of [unopened, opened, left]) assert.equal((await run.ok(200, 'GET', path(invitation))).status, 'expired');
    const later = {expires_at: new Date(run.clock.wall + 10 * 86_400_000).toISOString()};
    assert.equal((await run.ok(200, 'PUT', path(unopened), later)).status, 'pending');
    assert.equal((await run.ok(200, 'PUT', path(opened), later)).status, 'opened');
    assert.equal((await run.ok(200, 'PUT', path(opened), {status: 'revoked'})).status, 'revoked');
    assert.equal((await run.ok(200, 'PUT', path(left), {status: 'revoked'})).status, 'revoked');
    await run.refused(400, 'parameter_invalid', 'PUT', path(unopened), {
      expires_at: new Date(run.clock.wall + 40 * 86_400_000).toISOString(),
    });
  },

  // What Plaza does to an account outside its onboarding review (Set account status).
  'Plaza restricts an active seller, which then takes no payment, lifts the restriction, then closes it for good': async (run) => {
    const seller = await readySeller(run, '00-0000001');
    await run.ok(200, 'POST', `/v1/accounts/${seller}/onboarding`, attestation(run));
    const status = `/v1/sandbox/accounts/${seller}/status`;
    const restricted = await run.ok(200, 'POST', status, {status: 'restricted'});
    assert.equal(`${String(restricted.status)} ${String(restricted.status_reason)}`, 'restricted requirements_due');
    const updated = (await run.ok(200, 'GET', '/v1/events?type=account.updated')).data as Json[];
    assert.equal(updated.length, 1, 'account.updated is sent');
    const payment = {amount: 2500, currency: 'USD', payment_method_id: 'card_testvisacredit0000000000', account_id: seller};
    await run.refused(422, 'account_not_active', 'POST', '/v1/payments', payment);
    const active = await run.ok(200, 'POST', status, {status: 'active'});
    assert.equal(`${String(active.status)} ${String(active.status_reason)}`, 'active null');
    await run.ok(201, 'POST', '/v1/payments', payment);
    const disabled = await run.ok(200, 'POST', status, {status: 'disabled'});
    assert.equal(`${String(disabled.status)} ${String(disabled.status_reason)}`, 'disabled closed_by_plaza');
    await run.refused(422, 'account_not_active', 'POST', '/v1/payments', payment);
    await run.refused(409, 'sandbox_simulation_invalid', 'POST', status, {status: 'active'});
  },
  'Plaza closes a restricted seller; an unapproved one cannot be made active, and your own account keeps its status': async (run) => {
    const seller = await newSeller(run);
    const status = `/v1/sandbox/accounts/${seller}/status`;
    await run.refused(409, 'sandbox_simulation_invalid', 'POST', status, {status: 'active'});
    await run.refused(409, 'sandbox_simulation_invalid', 'POST', status, {status: 'restricted'});
    const disabled = await run.ok(200, 'POST', status, {status: 'disabled'});
    assert.equal(`${String(disabled.status)} ${String(disabled.status_reason)}`, 'disabled closed_by_plaza');
    const platform = await ownAccountId(run);
    await run.refused(409, 'sandbox_simulation_invalid', 'POST', `/v1/sandbox/accounts/${platform}/status`, {status: 'disabled'});
  },
};

/** The sandbox operation's path for an object's path: `/v1/sandbox/onboarding-invitations/...` for `/v1/onboarding-invitations/...`. */
const sandboxPath = (path: string) => path.replace(/^\/v1\//, '/v1/sandbox/');

/** The ID of the scenario's own account, a platform. */
async function ownAccountId({ok}: ScenarioRun): Promise<string> {
  const rows = (await ok(200, 'GET', '/v1/managed-accounts')).data as Json[];
  return String(rows.find((row) => row.relationship === 'self')?.account_id);
}

/** Upload business document's request for one file, as multipart/form-data. */
export function documentUpload(seller: string, documentType: string, fileName: string, contentType: string, content: string): Request {
  const boundary = 'juniperkilnboundary';
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="document_type"',
    '',
    documentType,
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
    `Content-Type: ${contentType}`,
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return {
    method: 'POST',
    url: `/v1/accounts/${seller}/business/documents`,
    body,
    headers: {'Content-Type': `multipart/form-data; boundary=${boundary}`},
  };
}

/** Uploads one file as Upload business document does; the answer. */
function uploadDocument(run: ScenarioRun, seller: string, documentType: string, fileName: string, contentType: string, content: string) {
  const {method, url, body, headers} = documentUpload(seller, documentType, fileName, contentType, content);
  return run.send(method, url, body, headers);
}
