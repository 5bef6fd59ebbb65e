/**
 * The people of an account and the sellers a platform invites (/concepts/accounts, Members, roles and
 * invitations; /concepts/onboarding, Hosted invitations or the API).
 *
 * An account's members keep at least one owner. An account invitation's link makes the person invited
 * a member, and expires 7 days after its last email. An onboarding invitation's link makes the seller's
 * account under the platform; the invitation is `completed` when that account is submitted for review.
 */
import {dayMs, hourMs} from '../time';
import {ApiError, notFound} from '../errors';
import {created, move} from '../lifecycles';
import type {RequestContext} from '../context';
import type {Domain, Handler} from '../types';
import {iso, type ApiObject} from '../state';
import {accountOf, newAccount} from './accounts';

/**
 * The members of an account. The caller's own account has its owner, who signed up for it, made on
 * first use with the account's contact details; accounts made through the API start with none.
 */
function membersOf(context: RequestContext, accountId: string): ApiObject[] {
  const members = () => context.all(['mem']).filter((member) => member.account_id === accountId);
  if (accountId === context.account.id && members().length === 0) {
    const account = context.get(accountId);
    context.save({
      id: context.newId('mem'),
      account_id: accountId,
      name: 'Jordan Reyes',
      email: account.email,
      role: 'owner',
      invitation_id: null,
      two_factor_enabled: true,
      last_login_at: null,
      created_at: account.created_at,
      updated_at: account.created_at,
    });
  }
  return members();
}

const getAllAccountMembers: Handler = (context) => ({status: 200, body: context.page(membersOf(context, accountOf(context).id))});

/**
 * The member of the path's account that the path names, refused (`409 owner_required`) when the
 * change would leave the account without an owner: it is the only owner and would not stay one.
 */
function memberChanged(context: RequestContext, role: unknown): ApiObject {
  const account = accountOf(context);
  const members = membersOf(context, account.id);
  const member = members.find((candidate) => candidate.id === context.params.member_id);
  if (!member) throw new ApiError('resource_not_found', `Account ${account.id} has no member ${String(context.params.member_id)}.`);
  const owners = members.filter((other) => other.role === 'owner');
  if (member.role === 'owner' && role !== 'owner' && owners.length === 1) {
    throw new ApiError(
      'owner_required',
      `Member ${member.id} is the only owner of account ${account.id}. Make another member an owner with Update account member first.`,
    );
  }
  return member;
}

/** Update account member: a new role, as long as the account keeps an owner. */
const updateAccountMember: Handler = (context) => {
  const member = memberChanged(context, context.body.role);
  Object.assign(member, {role: context.body.role, updated_at: context.nowIso()});
  return {status: 200, body: member};
};

/** Delete account member: removes the member, unless it is the account's only owner. */
const deleteAccountMember: Handler = (context) => {
  context.remove(memberChanged(context, null).id);
  return {status: 204};
};

// Account invitations

/** How long the link of an account invitation works after each email (Create and Resend account invitation). */
const accountInvitationMs = 7 * dayMs;

const sameEmail = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase();

/** The invitation the path names, to the path's account. */
function accountInvitationOf(context: RequestContext): ApiObject {
  const account = accountOf(context);
  const id = context.params.invitation_id ?? '';
  const invitation = context.get(id, 'invitation_id', ['inv']);
  if (invitation.account_id !== account.id) throw notFound(id, 'invitation_id');
  return invitation;
}

/** Emails the invitation with a new link, valid for 7 days, after which it expires unless accepted. */
function sendInvitation(context: RequestContext, invitation: ApiObject) {
  const now = context.now();
  Object.assign(invitation, {
    status: 'pending',
    send_count: Number(invitation.send_count) + 1,
    last_sent_at: iso(now),
    expires_at: iso(now + accountInvitationMs),
    updated_at: iso(now),
  });
  context.unschedule(invitation.id, 'account_invitation.expire');
  context.schedule(now + accountInvitationMs, 'account_invitation.expire', invitation.id);
}

/** Create account invitation: `pending`, unless the email belongs to a member or has a pending invitation. */
const createAccountInvitation: Handler = (context) => {
  const account = accountOf(context);
  const email = context.body.email;
  const member = membersOf(context, account.id).find((candidate) => sameEmail(candidate.email, email));
  if (member) {
    throw new ApiError(
      'resource_already_exists',
      `${String(email)} is already a member of account ${account.id} (${member.id}). Change their role with Update account member instead.`,
      'email',
    );
  }
  const pending = context
    .all(['inv'])
    .find((other) => other.account_id === account.id && other.status === 'pending' && sameEmail(other.email, email));
  if (pending) {
    throw new ApiError(
      'resource_already_exists',
      `Invitation ${pending.id} for ${String(email)} is still pending. Resend it instead of creating another.`,
      'email',
    );
  }
  const now = context.nowIso();
  const invitation = context.save({
    id: context.newId('inv'),
    account_id: account.id,
    email,
    role: context.body.role,
    status: 'pending',
    member_id: null,
    send_count: 0,
    last_sent_at: now,
    expires_at: now,
    accepted_at: null,
    revoked_at: null,
    created_at: now,
    updated_at: now,
  });
  sendInvitation(context, invitation);
  return {status: 201, body: invitation};
};

/** Resend account invitation: a `pending` or `expired` invitation gets a new link; a closed one cannot. */
const resendAccountInvitation: Handler = (context) => {
  const invitation = accountInvitationOf(context);
  if (invitation.status === 'accepted' || invitation.status === 'revoked') {
    throw new ApiError(
      'account_invitation_closed',
      `Invitation ${invitation.id} is ${String(invitation.status)} and cannot be resent. Create a new invitation for ${String(invitation.email)}.`,
    );
  }
  sendInvitation(context, invitation);
  return {status: 200, body: invitation};
};

/** Delete account invitation: revokes a `pending` or `expired` invitation, again a revoked one, never an accepted one. */
const deleteAccountInvitation: Handler = (context) => {
  const invitation = accountInvitationOf(context);
  if (invitation.status === 'accepted') {
    throw new ApiError(
      'account_invitation_closed',
      `Invitation ${invitation.id} was accepted by member ${String(invitation.member_id)}. Remove the member with Delete account member instead.`,
    );
  }
  if (invitation.status !== 'revoked') {
    Object.assign(invitation, {status: 'revoked', revoked_at: context.nowIso(), updated_at: context.nowIso()});
    context.unschedule(invitation.id);
  }
  return {status: 204};
};

/** Accept account invitation (sandbox): the invited person follows the link and becomes a member with its role. */
const acceptAccountInvitation: Handler = (context) => {
  const invitation = accountInvitationOf(context);
  if (invitation.status !== 'pending') {
    throw new ApiError(
      'sandbox_simulation_invalid',
      `Invitation ${invitation.id} cannot be accepted because its status is ${String(invitation.status)}. Only the link of a pending invitation works.`,
    );
  }
  const now = context.nowIso();
  const member = context.save({
    id: context.newId('mem'),
    account_id: invitation.account_id,
    name: context.body.name,
    email: invitation.email,
    role: invitation.role,
    invitation_id: invitation.id,
    two_factor_enabled: false,
    last_login_at: now,
    created_at: now,
    updated_at: now,
  });
  Object.assign(invitation, {status: 'accepted', member_id: member.id, accepted_at: now, updated_at: now});
  context.unschedule(invitation.id);
  return {status: 200, body: invitation};
};

// Onboarding invitations

/** How long an onboarding invitation's link works unless `expires_at` says otherwise, and the bounds of `expires_at`. */
const onboardingInvitationMs = 14 * dayMs;
const earliestExpiryMs = hourMs;
const latestExpiryMs = 30 * dayMs;

/** The `expires_at` sent, in ms, from 1 hour to 30 days from now (`400 parameter_invalid` otherwise). */
function expiryOf(context: RequestContext): number {
  const at = Date.parse(String(context.body.expires_at));
  if (at < context.now() + earliestExpiryMs || at > context.now() + latestExpiryMs)
    throw new ApiError('parameter_invalid', 'expires_at must be from 1 hour to 30 days from now.', 'expires_at');
  return at;
}

/** The link stops working at `expires_at` unless the seller completes the form first. */
function scheduleExpiry(context: RequestContext, invitation: ApiObject, at: number) {
  invitation.expires_at = iso(at);
  context.unschedule(invitation.id, 'onboarding_invitation.expire');
  context.schedule(at, 'onboarding_invitation.expire', invitation.id);
}

const onboardingInvitationOf = (context: RequestContext) =>
  context.get(context.params.onboarding_invitation_id ?? '', 'onboarding_invitation_id', ['oinv']);

/** Create onboarding invitation: `pending`, unless the email has a `pending` or `opened` invitation. */
const createOnboardingInvitation: Handler = (context) => {
  const body = context.body;
  const open = context
    .all(['oinv'])
    .find((other) => (other.status === 'pending' || other.status === 'opened') && sameEmail(other.email, body.email));
  if (open) {
    throw new ApiError(
      'resource_already_exists',
      `Onboarding invitation ${open.id} for ${String(body.email)} is still ${String(open.status)}. Update or revoke it instead of creating another.`,
      'email',
    );
  }
  const expires = body.expires_at === undefined ? context.now() + onboardingInvitationMs : expiryOf(context);
  const now = context.nowIso();
  const id = context.newId('oinv');
  // Nobody opens the hosted form of the sandbox: its link is the specs' example link, for this invitation.
  const example = context.example();
  const invitation = context.save({
    id,
    email: body.email,
    business_name: body.business_name ?? null,
    url: String(example.url).replace(String(example.id), id),
    return_url: body.return_url ?? null,
    products: body.products ?? ['payments', 'payouts'],
    status: created('onboardingInvitation', 'pending'),
    account_id: null,
    metadata: body.metadata ?? {},
    expires_at: null,
    opened_at: null,
    completed_at: null,
    revoked_at: null,
    created_at: now,
    updated_at: now,
  });
  scheduleExpiry(context, invitation, expires);
  return {status: 201, body: invitation};
};

/**
 * Update onboarding invitation: a `completed` or `revoked` invitation takes only `metadata`, and the
 * form's fields (`email`, `business_name`, `products`) change only until the seller opens the link
 * (`409 onboarding_invitation_closed`). A new `expires_at` reopens an `expired` invitation.
 */
const updateOnboardingInvitation: Handler = (context) => {
  const invitation = onboardingInvitationOf(context);
  const body = context.body;
  const closed = (message: string, param: string) => new ApiError('onboarding_invitation_closed', message, param);
  const beyondMetadata = Object.keys(body).find((name) => name !== 'metadata');
  if ((invitation.status === 'completed' || invitation.status === 'revoked') && beyondMetadata) {
    throw closed(`Onboarding invitation ${invitation.id} is ${String(invitation.status)}; only its metadata can change.`, beyondMetadata);
  }
  const formField = ['email', 'business_name', 'products'].find((name) => body[name] !== undefined);
  if (invitation.opened_at !== null && formField) {
    throw closed(
      `The seller already opened onboarding invitation ${invitation.id}, so its ${formField} can no longer change. Revoke it and create a new one.`,
      formField,
    );
  }
  const now = context.nowIso();
  if (body.expires_at !== undefined) {
    scheduleExpiry(context, invitation, expiryOf(context));
    if (invitation.status === 'expired') move('onboardingInvitation', invitation, invitation.opened_at === null ? 'pending' : 'opened');
  }
  for (const name of ['email', 'business_name', 'return_url', 'products', 'metadata'])
    if (body[name] !== undefined) invitation[name] = body[name];
  if (body.status === 'revoked') {
    move('onboardingInvitation', invitation, 'revoked', {revoked_at: now});
    context.unschedule(invitation.id);
  }
  invitation.updated_at = now;
  return {status: 200, body: invitation};
};

/**
 * Open onboarding invitation (sandbox): the seller opens the link of a `pending` invitation, which
 * makes their seller account under the platform, in the platform's country, named after the
 * invitation's `business_name` (or its email until the seller gives one), with its products.
 */
const openOnboardingInvitation: Handler = (context) => {
  const invitation = onboardingInvitationOf(context);
  if (invitation.status !== 'pending') {
    throw new ApiError(
      'sandbox_simulation_invalid',
      `Onboarding invitation ${invitation.id} cannot be opened because its status is ${String(invitation.status)}. Only a pending invitation's link makes a seller account.`,
    );
  }
  const account = newAccount(context, {
    type: 'seller',
    business_name: invitation.business_name ?? invitation.email,
    email: invitation.email,
    country: context.get(context.account.id).country,
    products: invitation.products,
  });
  const now = context.nowIso();
  move('onboardingInvitation', invitation, 'opened', {account_id: account.id, opened_at: now, updated_at: now});
  return {status: 200, body: invitation};
};

/** The `opened` invitation of an account that is submitted for review is `completed`: its form has nothing left to do. */
export function completeInvitation(context: RequestContext, accountId: string) {
  const now = context.nowIso();
  for (const invitation of context.all(['oinv'])) {
    if (invitation.account_id !== accountId || invitation.status !== 'opened') continue;
    move('onboardingInvitation', invitation, 'completed', {completed_at: now, updated_at: now});
    context.unschedule(invitation.id);
  }
}

export const invitations: Domain = {
  handlers: {
    createAccountInvitation,
    resendAccountInvitation,
    deleteAccountInvitation,
    acceptAccountInvitation,
    getAllAccountMembers,
    updateAccountMember,
    deleteAccountMember,
    createOnboardingInvitation,
    updateOnboardingInvitation,
    openOnboardingInvitation,
  },
  jobs: {
    /** Seven days after its last email, an invitation nobody accepted expires. */
    'account_invitation.expire': (context, job) => {
      const invitation = context.find(job.id);
      if (invitation?.status === 'pending') Object.assign(invitation, {status: 'expired', updated_at: context.nowIso()});
    },
    /** At `expires_at`, the link of an invitation the seller has not completed stops working. */
    'onboarding_invitation.expire': (context, job) => {
      const invitation = context.find(job.id);
      if (invitation?.status === 'pending' || invitation?.status === 'opened')
        move('onboardingInvitation', invitation, 'expired', {updated_at: context.nowIso()});
    },
  },
};
