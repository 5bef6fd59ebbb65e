import {readFileSync} from 'node:fs';
import type {RootContent} from 'mdast';
import {parseMdx} from '../../lib/api-render/spec-text';
import {docPages, splitFrontMatter} from '../../lib/docs-source';
import {test, expect, open} from './fixtures';
import type {Page} from '@playwright/test';
import {eighthHeldOutQueries, eleventhHeldOutQueries, heldOutQueries} from '../fixtures/search-held-out';

/**
 * The relevance of search, measured on the built index through the results page (the same
 * Pagefind, options and code as the navbar's box): queries a developer types, each with the page
 * that should come first. The ranking is tuned on this set; tests/fixtures/search-held-out.ts holds
 * a set written apart and never tuned on.
 */
const expectations: [query: string, page: string][] = [
  // Task phrases, stop words included.
  ['refund a payment', '/guides/refunds/refund-payments'],
  ['cancel a refund', '/guides/refunds/cancel-refunds'],
  ['onboard a seller', '/guides/marketplaces/onboard-sellers'],
  ['go live checklist', '/guides/production-checklist'],
  ['capture an authorized payment', '/guides/payments/authorize-and-capture-payments'],
  ['cancel a payout', '/guides/payouts/cancel-payouts'],
  ['cancel a payment', '/guides/payments/cancel-payments'],
  ['transfer funds to a seller', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['how to collect card details', '/guides/payment-methods/collect-cards'],
  ['accept Apple Pay payments', '/guides/payments/process-apple-pay-payments'],
  ['process an ACH payment', '/guides/payments/process-ach-payments'],
  ['pay out to a card', '/guides/payouts/process-card-payouts'],
  ['verify a bank account', '/guides/payment-methods/collect-verified-bank-accounts'],
  ['view settlements', '/guides/transactions/view-settlements'],
  ['search for transactions', '/guides/transactions/search-and-view-transactions'],
  ['verifying webhook signatures', '/concepts/webhooks'],
  // Topics and resource names.
  ['rate limit', '/api/rate-limits'],
  ['idempotency key', '/api/idempotency'],
  ['pagination', '/api/pagination'],
  ['request correlation', '/api/request-correlation'],
  ['IP addresses', '/api/ip-addresses'],
  ['authentication', '/api/authentication'],
  ['dispute cases', '/concepts/dispute-cases'],
  ['fraud prevention', '/concepts/fraud-details-and-prevention'],
  ['api keys', '/concepts/api-keys'],
  ['onboarding', '/concepts/onboarding'],
  ['webhook events', '/api/webhook-events'],
  // API operations: by summary, method and path, operationId and request field.
  ['create payment', '/api/financial/create-payment'],
  ['POST /v1/payments', '/api/financial/create-payment'],
  ['GET /v1/payments', '/api/financial/get-all-payments'],
  ['createBalanceTransfer', '/api/financial/create-balance-transfer'],
  ['registerApplePayDomain', '/api/financial/register-apple-pay-domain'],
  ['getAllDisputeCases', '/api/financial/get-all-dispute-cases'],
  ['payment_method_id', '/api/financial/create-payment'],
  ['get all refunds for payment', '/api/financial/get-all-refunds-for-payment'],
  // Error codes.
  ['card_declined', '/api/errors'],
  ['api_key_revoked', '/api/errors'],
  ['R10 return code', '/guides/payments/process-ach-payments'],
  // SDKs and plugins.
  ['React SDK', '/sdks/web/react'],
  ['JavaScript SDK', '/sdks/web/javascript'],
  ['WooCommerce', '/plugins/woocommerce-payments'],
  ['Shopify Credit', '/plugins/shopify-credit'],
  ['Magento', '/plugins/magento-payments'],
  ['BigCommerce', '/plugins/bigcommerce-payments'],
  // Misspellings (Pagefind matches them through their stem: it has no edit-distance typo tolerance,
  // so `setlements` finds nothing), plurals and a trailing partial word.
  ['idempotancy', '/api/idempotency'],
  ['payout cancelation', '/guides/payouts/cancel-payouts'],
  ['refundes', '/guides/refunds/refund-payments'],
  ['refund payment', '/guides/refunds/refund-payments'],
  ['production check', '/guides/production-checklist'],
  // Queries a new user tried, which the first ranking missed.
  ['void an authorization', '/guides/payments/cancel-payments'],
  ['list payouts', '/api/financial/get-all-payouts'],
  ['payout to bank account', '/guides/payouts/process-ach-payouts'],
  // The words of other platforms (scripts/lib/search-synonyms.ts).
  ['reimburse a buyer', '/guides/refunds/refund-payments'],
  ['preauthorization', '/guides/payments/authorize-and-capture-payments'],
  ['echeck', '/guides/payments/process-ach-payments'],
  ['callbacks', '/concepts/webhooks'],
  ['throttling', '/api/rate-limits'],
  ['store a card for later', '/guides/payment-methods/collect-cards'],
  ['charge a bank account', '/guides/payments/process-ach-payments'],
  ['duplicate requests', '/api/idempotency'],
  // List, get, update and delete in the words of other APIs.
  ['list webhooks', '/api/accounts/get-all-webhooks'],
  ['list refunds', '/api/financial/get-all-refunds'],
  ['retrieve a customer', '/api/accounts/get-customer-by-id'],
  ['fetch a payment', '/api/financial/get-payment-by-id'],
  ['get a settlement', '/api/financial/get-settlement-by-id'],
  ['remove an API key', '/api/accounts/delete-api-key'],
  ['edit a payout', '/api/financial/update-payout'],
  ['add a customer', '/api/accounts/create-customer'],
  // Package names, and a request field that two operations share (the one that creates comes first).
  ['@plaza/react', '/sdks/web/react'],
  ['@plaza/web', '/sdks/web/javascript'],
  ['default_currency', '/api/accounts/create-account'],
  // Misspellings, corrected from the index's own words.
  ['refnud a payment', '/guides/refunds/refund-payments'],
  ['dispte cases', '/concepts/dispute-cases'],
  ['authentcation', '/api/authentication'],
  // The first five held-out sets (see tests/fixtures/search-held-out.ts), since read and worked on.
  ['accept card payments', '/guides/payments/process-card-payments'],
  ['send money to a seller', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['save a customer bank account', '/guides/payment-methods/collect-bank-accounts'],
  ['retry a request safely', '/api/idempotency'],
  ['get started with the API', '/guides/quickstart'],
  ['authorize now capture later', '/guides/payments/authorize-and-capture-payments'],
  ['refund part of a payment', '/guides/refunds/refund-payments'],
  ['stop a payout', '/guides/payouts/cancel-payouts'],
  ['void a payment before capture', '/guides/payments/cancel-payments'],
  ['charge a card', '/guides/payments/process-card-payments'],
  ['chargeback', '/concepts/dispute-cases'],
  ['KYC', '/concepts/onboarding'],
  ['withdrawal to a bank account', '/guides/payouts/process-ach-payouts'],
  ['ACH debit', '/guides/payments/process-ach-payments'],
  ['merchant onboarding', '/guides/marketplaces/onboard-sellers'],
  ['rotate secret key', '/concepts/api-keys'],
  ['card tokenization', '/guides/payment-methods/collect-cards'],
  ['payout to a debit card', '/guides/payouts/process-card-payouts'],
  ['settlements', '/guides/transactions/view-settlements'],
  ['webhook signature', '/concepts/webhooks'],
  ['event types', '/api/webhook-events'],
  ['test card numbers', '/api/testing'],
  ['transactions ledger', '/concepts/transactions'],
  ['list customers', '/api/accounts/get-all-customers'],
  ['get a refund', '/api/financial/get-refund-by-id'],
  ['delete a webhook', '/api/accounts/delete-webhook'],
  ['list dispute cases', '/api/financial/get-all-dispute-cases'],
  ['retrieve a payout', '/api/financial/get-payout-by-id'],
  ['detach a card from a customer', '/api/financial/detach-card-from-customer'],
  ['update a customer', '/api/accounts/update-customer'],
  ['enabled_events', '/api/accounts/create-webhook'],
  ['grace_period_minutes', '/api/accounts/regenerate-api-key'],
  ['destination_id', '/api/financial/create-payout'],
  ['return_code', '/api/financial/return-ach-payment'],
  ['refund_exceeds_payment', '/api/errors'],
  ['payout_not_cancelable', '/api/errors'],
  ['expired_card', '/api/errors'],
  ['Plaza.js', '/sdks/web/javascript'],
  ['usePlaza hook', '/sdks/web/react'],
  ['Adobe Commerce', '/plugins/magento-payments'],
  ['Shopify Payments', '/plugins/shopify-payments'],
  ['setlements', '/guides/transactions/view-settlements'],
  ['webhok signature', '/concepts/webhooks'],
  ['paginaton', '/api/pagination'],
  ['onbaording', '/concepts/onboarding'],
  ['captrue a payment', '/guides/payments/authorize-and-capture-payments'],
  ['issue a partial refund', '/guides/refunds/refund-payments'],
  ['pay a seller from a payment', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['verify micro-deposits', '/guides/payment-methods/collect-verified-bank-accounts'],
  ['set up Google Pay', '/guides/payment-methods/collect-google-pay'],
  ['test a declined card', '/api/testing'],
  ['handle webhook retries', '/concepts/webhooks'],
  ['send a test webhook', '/api/accounts/send-test-webhook-event'],
  ['invite a team member', '/api/accounts/create-account-invitation'],
  ['void an ACH payment', '/guides/payments/cancel-payments'],
  ['charge a saved card', '/guides/payments/process-card-payments'],
  ['chargeback lifecycle', '/concepts/dispute-cases'],
  ['KYC review', '/concepts/onboarding'],
  ['withdraw funds', '/guides/payouts/process-ach-payouts'],
  ['direct debit', '/guides/payments/process-ach-payments'],
  ['push to card', '/guides/payouts/process-card-payouts'],
  ['auth and capture', '/guides/payments/authorize-and-capture-payments'],
  ['Apple Pay domain verification', '/guides/payment-methods/collect-apple-pay'],
  ['transaction statuses', '/concepts/transactions'],
  ['seller accounts', '/concepts/accounts'],
  ['rate limit headers', '/api/rate-limits'],
  ['X-Request-Id', '/api/request-correlation'],
  ['list payment methods for a customer', '/api/financial/get-all-payment-methods-for-a-customer'],
  ['retrieve a dispute case', '/api/financial/get-dispute-case-by-id'],
  ['delete a customer', '/api/accounts/delete-customer'],
  ['list all transactions', '/api/financial/get-all-transactions'],
  ['update a refund', '/api/financial/update-refund'],
  ['remove a bank account', '/api/financial/delete-bank-account'],
  ['return_url', '/api/accounts/create-onboarding-invitation'],
  ['validation_url', '/api/financial/create-apple-pay-session'],
  ['account_holder_type', '/api/financial/create-bank-account'],
  ['routing_number_invalid', '/api/errors'],
  ['payment_not_capturable', '/api/errors'],
  ['incorrect_cvc', '/api/errors'],
  ['WooCommerce plugin', '/plugins/woocommerce-payments'],
  ['BigCommerce app', '/plugins/bigcommerce-payments'],
  ['React hooks', '/sdks/web/react'],
  ['cancle a payout', '/guides/payouts/cancel-payouts'],
  ['disupte cases', '/concepts/dispute-cases'],
  ['idempotentcy', '/api/idempotency'],
  ['webhoook', '/concepts/webhooks'],
  ['settelment', '/guides/transactions/view-settlements'],
  ['athorize and capture', '/guides/payments/authorize-and-capture-payments'],
  ['refund a card payment', '/guides/refunds/refund-payments'],
  ['split a payment with a seller', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['save a card to a customer', '/guides/payment-methods/collect-cards'],
  ['capture part of a payment', '/guides/payments/authorize-and-capture-payments'],
  ['send an instant payout', '/guides/payouts/process-card-payouts'],
  ['handle a dispute', '/concepts/dispute-cases'],
  ['go live', '/guides/production-checklist'],
  ['make your first request', '/guides/quickstart'],
  ['respond to a chargeback', '/concepts/dispute-cases'],
  ['ACH return codes', '/guides/payments/process-ach-payments'],
  ['sub-merchant onboarding', '/guides/marketplaces/onboard-sellers'],
  ['reverse a payout', '/guides/payouts/cancel-payouts'],
  ['eCheck payment', '/guides/payments/process-ach-payments'],
  ['pre-authorization', '/guides/payments/authorize-and-capture-payments'],
  ['webhook signing secret', '/concepts/webhooks'],
  ['publishable key', '/concepts/api-keys'],
  ['available balance', '/concepts/transactions'],
  ['holding accounts', '/concepts/accounts'],
  ['test bank accounts', '/api/testing'],
  ['API versioning', '/api/changelog'],
  ['idempotency keys', '/api/idempotency'],
  ['list all customers', '/api/accounts/get-all-customers'],
  ['get a payout', '/api/financial/get-payout-by-id'],
  ['delete a webhook endpoint', '/api/accounts/delete-webhook'],
  ['retrieve an event', '/api/accounts/get-event-by-id'],
  ['update a webhook', '/api/accounts/update-webhook'],
  ['list refunds for a payment', '/api/financial/get-all-refunds-for-payment'],
  ['from_account_id', '/api/financial/create-balance-transfer'],
  ['tax_id_type', '/api/accounts/save-tax-information'],
  ['event_type', '/api/accounts/send-test-webhook-event'],
  ['insufficient_balance', '/api/errors'],
  ['wallet_token_invalid', '/api/errors'],
  ['onboarding_incomplete', '/api/errors'],
  ['Magento 2 plugin', '/plugins/magento-payments'],
  ['Shopify payments app', '/plugins/shopify-payments'],
  ['loadPlaza', '/sdks/web/javascript'],
  ['PlazaProvider', '/sdks/web/react'],
  ['refudn a payment', '/guides/refunds/refund-payments'],
  ['pagniation', '/api/pagination'],
  ['transfre funds to sellers', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['autentication', '/api/authentication'],
  ['disptue', '/concepts/dispute-cases'],
  ['webhok events', '/api/webhook-events'],
  ['simulate a card decline', '/api/testing'],
  ['advance the sandbox clock', '/api/financial/advance-sandbox-clock'],
  ['verify a webhook signature in Node', '/concepts/webhooks'],
  ['fetch every page of a list', '/api/pagination'],
  ['attach a card to a customer', '/api/financial/attach-card-to-customer'],
  ['collect a bank account', '/guides/payment-methods/collect-bank-accounts'],
  ['accept Google Pay', '/guides/payments/process-google-pay-payments'],
  ['pay sellers', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['fraud screening', '/concepts/fraud-details-and-prevention'],
  ['AVS check', '/concepts/fraud-details-and-prevention'],
  ['CVV', '/concepts/fraud-details-and-prevention'],
  ['payment hold', '/guides/payments/authorize-and-capture-payments'],
  ['instant payout to a debit card', '/guides/payouts/process-card-payouts'],
  ['ledger entries', '/concepts/transactions'],
  ['won and lost disputes', '/concepts/dispute-cases'],
  ['processing fees', '/concepts/transactions'],
  ['API key permissions', '/concepts/api-keys'],
  ['webhook delivery statuses', '/concepts/webhooks'],
  ['transaction types', '/concepts/transactions'],
  ['list envelope', '/api/pagination'],
  ['account roles', '/concepts/accounts'],
  ['Apple Pay merchant validation', '/guides/payment-methods/collect-apple-pay'],
  ['list webhook events', '/api/accounts/get-all-webhook-events'],
  ['get a customer', '/api/accounts/get-customer-by-id'],
  ['delete an API key', '/api/accounts/delete-api-key'],
  ['list all payouts for a customer', '/api/financial/get-all-payouts-for-a-customer'],
  ['edit a customer', '/api/accounts/update-customer'],
  ['retrieve a balance transfer', '/api/financial/get-balance-transfer-by-id'],
  ['to_account_id', '/api/financial/create-balance-transfer'],
  ['display_name', '/api/financial/create-apple-pay-session'],
  ['send_email', '/api/accounts/create-onboarding-invitation'],
  ['api_key_invalid', '/api/errors'],
  ['currency_unsupported', '/api/errors'],
  ['refund_failed', '/api/errors'],
  ['WooCommerce refunds', '/plugins/woocommerce-payments'],
  ['Adobe Commerce payments', '/plugins/magento-payments'],
  ['Shopify Credit setup', '/plugins/shopify-credit'],
  ['React card element', '/sdks/web/react'],
  ['recieve webhooks', '/concepts/webhooks'],
  ['capure a payment', '/guides/payments/authorize-and-capture-payments'],
  ['onbord sellers', '/guides/marketplaces/onboard-sellers'],
  ['idempotncy', '/api/idempotency'],
  ['settlments', '/guides/transactions/view-settlements'],
  ['cancle a refund', '/guides/refunds/cancel-refunds'],
  ['take a card payment', '/guides/payments/process-card-payments'],
  ['refund an ACH payment', '/guides/refunds/refund-payments'],
  ['create a payout', '/api/financial/create-payout'],
  ['show the Apple Pay button', '/guides/payment-methods/collect-apple-pay'],
  ['subscribe to events', '/concepts/webhooks'],
  ['paginate results', '/api/pagination'],
  ['test in the sandbox', '/api/testing'],
  ['change a payout description', '/api/financial/update-payout'],
  ['void', '/guides/payments/cancel-payments'],
  ['chargebacks', '/concepts/dispute-cases'],
  ['KYB', '/concepts/onboarding'],
  ['bank transfer payouts', '/guides/payouts/process-ach-payouts'],
  ['debit a bank account', '/guides/payments/process-ach-payments'],
  ['vendor onboarding', '/guides/marketplaces/onboard-sellers'],
  ['card on file', '/guides/payment-methods/collect-cards'],
  ['authorization expiry', '/guides/payments/authorize-and-capture-payments'],
  ['Transaction object', '/concepts/transactions'],
  ['event object', '/concepts/webhooks'],
  ['payout schedule', '/guides/transactions/view-settlements'],
  ['API key expiry', '/concepts/api-keys'],
  ['dispute case lifecycle', '/concepts/dispute-cases'],
  ['test tax IDs', '/api/testing'],
  ['list settlements', '/api/financial/get-all-settlements'],
  ['get a card', '/api/financial/get-card-by-id'],
  ['delete a card', '/api/financial/delete-card'],
  ['list cards for a customer', '/api/financial/get-all-cards-for-a-customer'],
  ['update an API key', '/api/accounts/update-api-key'],
  ['retrieve a settlement', '/api/financial/get-settlement-by-id'],
  ['attester_name', '/api/accounts/onboard'],
  ['signer_name', '/api/accounts/create-contract'],
  ['requested_value', '/api/accounts/request-account-setting-access'],
  ['expiry_date_invalid', '/api/errors'],
  ['permission_denied', '/api/errors'],
  ['product_not_enabled', '/api/errors'],
  ['BigCommerce checkout', '/plugins/bigcommerce-payments'],
  ['WooCommerce settings', '/plugins/woocommerce-payments'],
  ['JavaScript elements', '/sdks/web/javascript'],
  ['React provider', '/sdks/web/react'],
  ['quikstart', '/guides/quickstart'],
  ['autorize and capture', '/guides/payments/authorize-and-capture-payments'],
  ['webhook signatre', '/concepts/webhooks'],
  ['rate limtis', '/api/rate-limits'],
  ['production cheklist', '/guides/production-checklist'],
  ['idempotecy key', '/api/idempotency'],
  // The sixth held-out set, read once its misses had been printed in a session that tuned the search.
  ['charge a card from the server', '/guides/payments/process-card-payments'],
  ['release an authorization hold', '/guides/payments/cancel-payments'],
  ['create a customer', '/api/accounts/create-customer'],
  ['move funds to a seller', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['retry webhook deliveries', '/concepts/webhooks'],
  ['export transactions', '/api/financial/export-transactions'],
  ['accept bank payments', '/guides/payments/process-ach-payments'],
  ['turn off automatic payouts', '/guides/payouts/process-ach-payouts'],
  ['cancel an authorization', '/guides/payments/cancel-payments'],
  ['dispute a payment', '/concepts/dispute-cases'],
  ['KYC requirements', '/concepts/onboarding'],
  ['cash out to a bank', '/guides/payouts/process-ach-payouts'],
  ['ACH debit returns', '/guides/payments/process-ach-payments'],
  ['secret key rotation', '/concepts/api-keys'],
  ['tokenize a card', '/guides/payment-methods/collect-cards'],
  ['sandbox test values', '/api/testing'],
  ['dispute case statuses', '/concepts/dispute-cases'],
  ['API key types', '/concepts/api-keys'],
  ['webhook event catalogue', '/api/webhook-events'],
  ['pending balance', '/concepts/transactions'],
  ['error object', '/api/errors'],
  ['request IDs', '/api/request-correlation'],
  ['list all refunds', '/api/financial/get-all-refunds'],
  ['get a webhook', '/api/accounts/get-webhook-by-id'],
  ['remove a customer', '/api/accounts/delete-customer'],
  ['list API keys', '/api/accounts/get-all-api-keys'],
  ['update a payment', '/api/financial/update-payment'],
  ['fetch a refund', '/api/financial/get-refund-by-id'],
  ['verification_method', '/api/financial/create-bank-account'],
  ['incorporation_date', '/api/accounts/save-business'],
  ['expected_monthly_volume', '/api/accounts/save-business'],
  ['owner_required', '/api/errors'],
  ['setting_locked', '/api/errors'],
  ['file_invalid', '/api/errors'],
  ['Magento checkout', '/plugins/magento-payments'],
  ['WooCommerce install', '/plugins/woocommerce-payments'],
  ['BankAccountElement', '/sdks/web/javascript'],
  ['@plaza/react install', '/sdks/web/react'],
  ['refunnd a payment', '/guides/refunds/refund-payments'],
  ['authoirze a payment', '/guides/payments/authorize-and-capture-payments'],
  ['dispte case', '/concepts/dispute-cases'],
  ['settlemnts', '/guides/transactions/view-settlements'],
  ['webhok retries', '/concepts/webhooks'],
  ['idempotnecy', '/api/idempotency'],
  // 80 queries written by a helper that had not seen the ranking, read to tune preferProse. (An earlier set of 70,
  // read to tune relaxedRanking, was lost before it was committed.)
  ['refund to original card', '/guides/refunds/refund-payments'],
  ['why was my payout returned', '/guides/payouts/process-ach-payouts'],
  ['pay drivers after every shift', '/guides/payouts/process-card-payouts'],
  ['capture twice for a split shipment', '/guides/payments/authorize-and-capture-payments'],
  ['what if a customer types the wrong micro-deposit amounts', '/guides/payment-methods/collect-bank-accounts'],
  ['charge sellers a monthly fee', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['why is my seller account restricted', '/concepts/accounts'],
  ['can I test Apple Pay on localhost', '/guides/payment-methods/collect-apple-pay'],
  ['why do webhook events arrive out of order', '/concepts/webhooks'],
  ['why am I getting 401 Unauthorized', '/api/authentication'],
  ['how many requests per second can I send', '/api/rate-limits'],
  ['let sellers fill in the onboarding form themselves', '/guides/marketplaces/onboard-sellers'],
  ['enable instant payouts', '/guides/payouts/process-card-payouts'],
  ['when do card payment funds become available', '/concepts/transactions'],
  ['allowlist Plaza API hosts in a firewall', '/api/ip-addresses'],
  ['same idempotency key with a different body', '/api/idempotency'],
  ['what to send Plaza support about a failed request', '/api/request-correlation'],
  ['I sent a payout to the wrong bank account', '/guides/payouts/cancel-payouts'],
  ['platform fee', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['void vs refund', '/guides/payments/cancel-payments'],
  ['direct deposit payouts', '/guides/payouts/process-ach-payouts'],
  ['sub-merchant account type', '/concepts/accounts'],
  ['Bearer token Authorization header', '/api/authentication'],
  ['delayed capture', '/guides/payments/authorize-and-capture-payments'],
  ['vault a card', '/guides/payment-methods/collect-cards'],
  ['rolling reserve', '/concepts/accounts'],
  ['NSF retry on ACH debits', '/guides/payments/process-ach-payments'],
  ['restricted API keys', '/concepts/api-keys'],
  ['card testing attacks', '/concepts/fraud-details-and-prevention'],
  ['webhook endpoint timeout', '/concepts/webhooks'],
  ['bank account statuses', '/guides/payment-methods/collect-bank-accounts'],
  ['Account object', '/concepts/accounts'],
  ['onboarding statuses', '/concepts/onboarding'],
  ['refund statuses', '/guides/refunds/refund-payments'],
  ['payment statuses', '/guides/payments/authorize-and-capture-payments'],
  ['dispute reasons', '/concepts/dispute-cases'],
  ['processor responses', '/concepts/transactions'],
  ['HTTP status codes', '/api/errors'],
  ['deprecation policy', '/api/changelog'],
  ['Idempotent-Replayed header', '/api/idempotency'],
  ['list bank accounts for a customer', '/api/financial/get-all-bank-accounts-for-a-customer'],
  ['list onboarding invitations', '/api/accounts/get-all-onboarding-invitations'],
  ['list account members', '/api/accounts/get-all-account-members'],
  ['get a payment method', '/api/financial/get-payment-method-by-id'],
  ['get holding account balance', '/api/accounts/get-holding-account-balance-by-id'],
  ['fetch a payment transfer', '/api/financial/get-payment-transfer-by-id'],
  ['update a card', '/api/financial/update-card'],
  ['edit a director', '/api/accounts/update-director'],
  ['delete a shareholder', '/api/accounts/delete-shareholder'],
  ['remove an ultimate beneficial owner', '/api/accounts/delete-ultimate-beneficial-owner'],
  ['exp_month', '/api/financial/update-card'],
  ['account_holder_name', '/api/financial/create-bank-account'],
  ['document_type', '/api/accounts/upload-business-document'],
  ['business_structure', '/api/accounts/save-business'],
  ['registration_number', '/api/accounts/create-shareholder'],
  ['card_network', '/api/financial/create-google-pay-token'],
  ['holder_type', '/api/accounts/save-bank-account'],
  ['federal_firearms_license_number', '/api/accounts/save-business-firearms-questionnaire'],
  ['payment_method_already_attached', '/api/errors'],
  ['refund_not_cancelable', '/api/errors'],
  ['payout_not_updatable', '/api/errors'],
  ['bank_account_not_verifiable', '/api/errors'],
  ['idempotency_key_in_use', '/api/errors'],
  ['resource_not_found', '/api/errors'],
  ['account_number_invalid', '/api/errors'],
  ['bank_account_insufficient_funds', '/api/errors'],
  ['useApplePayAvailability', '/sdks/web/react'],
  ['dark theme for the card element', '/sdks/web/javascript'],
  ['load the SDK with a script tag', '/sdks/web/javascript'],
  ['CardElement onChange', '/sdks/web/react'],
  ['Magento credit memo refund', '/plugins/magento-payments'],
  ['Shopify manual capture', '/plugins/shopify-payments'],
  ['BigCommerce void transaction', '/plugins/bigcommerce-payments'],
  ['Shopify Credit repayment', '/plugins/shopify-credit'],
  ['fruad prevention', '/concepts/fraud-details-and-prevention'],
  ['statment descriptor', '/guides/payments/process-card-payments'],
  ['ultimate benficial owners', '/concepts/onboarding'],
  ['request corelation', '/api/request-correlation'],
  ['woocomerce', '/plugins/woocommerce-payments'],
  ['instnat payouts', '/guides/payouts/process-card-payouts'],
  // 80 more, written the same way and read to weigh how many words a page may lack (it stayed as it was).
  ['undo a refund I just created', '/guides/refunds/cancel-refunds'],
  ['how long until the buyer sees their refund', '/guides/refunds/refund-payments'],
  ['what happens if I never capture an authorization', '/guides/payments/authorize-and-capture-payments'],
  ['how much of a payment can I still refund', '/guides/refunds/refund-payments'],
  ['change the expiry date on a saved card', '/guides/payment-methods/collect-cards'],
  ['sign product contracts for a new seller', '/guides/marketplaces/onboard-sellers'],
  ['give a seller a bonus', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['keep my secret key out of source code', '/api/authentication'],
  ['how do I know when an ACH payment has cleared', '/guides/payments/process-ach-payments'],
  ['when will an ACH payout land in my bank', '/guides/payouts/process-ach-payouts'],
  ['I lost my API key before saving it', '/concepts/api-keys'],
  ['charge a returning customer with Apple Pay', '/guides/payments/process-apple-pay-payments'],
  ['tell the Google Pay button the payment succeeded', '/guides/payments/process-google-pay-payments'],
  ['got a 409 when retrying a POST', '/api/idempotency'],
  ['take a payment on behalf of a seller', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['charge a guest without saving the card', '/guides/payments/process-card-payments'],
  ['how do I test my webhook handler', '/api/testing'],
  ['can I capture more than I authorized', '/guides/payments/authorize-and-capture-payments'],
  ['authorization reversal', '/guides/payments/cancel-payments'],
  ['NACHA authorization language', '/guides/payments/process-ach-payments'],
  ['3D Secure', '/concepts/fraud-details-and-prevention'],
  ['instant disbursements', '/guides/payouts/process-card-payouts'],
  ['test mode and live mode keys', '/concepts/api-keys'],
  ['instant account verification', '/guides/payment-methods/collect-verified-bank-accounts'],
  ['transfer to a connected account', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['pin an API version', '/api/changelog'],
  ['rotate a webhook endpoint secret', '/concepts/webhooks'],
  ['beneficial ownership 25% threshold', '/concepts/onboarding'],
  ['chargeback fee', '/concepts/dispute-cases'],
  ['IPN notifications', '/concepts/webhooks'],
  ['OnboardingReview object', '/concepts/onboarding'],
  ['product statuses', '/concepts/accounts'],
  ['onboarding invitation lifecycle', '/concepts/onboarding'],
  ['payout statuses', '/guides/payouts/process-ach-payouts'],
  ['error types', '/api/errors'],
  ['API key reveal window', '/concepts/api-keys'],
  ['amount, fee and net', '/concepts/transactions'],
  ['next_cursor and has_more', '/api/pagination'],
  ['account status reasons', '/concepts/accounts'],
  ['ACH payment lifecycle', '/guides/payments/process-ach-payments'],
  ["list a platform's seller accounts", '/api/accounts/get-seller-accounts'],
  ['get the business representative', '/api/accounts/get-business-representative'],
  ['delete a business document', '/api/accounts/delete-business-document'],
  ['update a bank account', '/api/financial/update-bank-account'],
  ['list payment transfers', '/api/financial/get-all-payment-transfers'],
  ['retrieve an API key', '/api/accounts/get-api-key-by-id'],
  ['remove a member from an account', '/api/accounts/delete-account-member'],
  ['list holding accounts', '/api/accounts/get-all-holding-accounts'],
  ['delete an Apple Pay domain', '/api/financial/delete-apple-pay-domain'],
  ['fetch tax information for a business', '/api/accounts/get-tax-information'],
  ['years_in_business', '/api/accounts/save-credit-information'],
  ['firearms_revenue_percentage', '/api/accounts/save-business-firearms-questionnaire'],
  ['signed_at', '/api/accounts/create-contract'],
  ['company_name', '/api/accounts/create-shareholder'],
  ['cardholder_authenticated', '/api/financial/create-google-pay-token'],
  ['billing_contact', '/api/financial/create-apple-pay-token'],
  ['incorporation_state', '/api/accounts/save-business'],
  ['attested_at', '/api/accounts/onboard'],
  ['account_not_deletable', '/api/errors'],
  ['payment_method_not_attached', '/api/errors'],
  ['apple_pay_token_invalid', '/api/errors'],
  ['webhook_event_not_requeueable', '/api/errors'],
  ['payout_rejected', '/api/errors'],
  ['processor_unavailable', '/api/errors'],
  ['api_key_self_revocation', '/api/errors'],
  ['product_unavailable', '/api/errors'],
  ['openBankVerification', '/sdks/web/javascript'],
  ['style the card field with CSS classes', '/sdks/web/javascript'],
  ['useElements getElement', '/sdks/web/react'],
  ['GooglePayButton onToken', '/sdks/web/react'],
  ['bin/magento plaza:apple-pay:register', '/plugins/magento-payments'],
  ['Plaza Credit term loan', '/plugins/shopify-credit'],
  ['Shopify custom payment domain', '/plugins/shopify-payments'],
  ['BigCommerce saved cards', '/plugins/bigcommerce-payments'],
  ['procesor responses', '/concepts/transactions'],
  ['holding acounts', '/concepts/accounts'],
  ['Magneto payments', '/plugins/magento-payments'],
  ['ACH retrun codes', '/guides/payments/process-ach-payments'],
  ['search transacitons', '/guides/transactions/search-and-view-transactions'],
  ['dispute evidnce', '/concepts/dispute-cases'],
  // 60 more, written the same way, read to weigh the pages' front matter keywords against their other metadata.
  ['refund one item from an order the buyer sent back', '/guides/refunds/refund-payments'],
  ['hold the amount on the card now and charge it when the order ships', '/guides/payments/authorize-and-capture-payments'],
  ['pay a delivery driver instantly to their debit card', '/guides/payouts/process-card-payouts'],
  ['cancel a payout that has the wrong destination before it leaves', '/guides/payouts/cancel-payouts'],
  ['which plaza deposit on my bank statement covers which day of sales', '/guides/transactions/view-settlements'],
  ['let the payer log into their bank during checkout to confirm the account', '/guides/payment-methods/collect-verified-bank-accounts'],
  ['send a seller their cut of a marketplace sale and keep a commission', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['show a Google Pay button at checkout', '/guides/payment-methods/collect-google-pay'],
  ['make my first sandbox payment from the command line', '/guides/quickstart'],
  ['what should we double check before taking real payments', '/guides/production-checklist'],
  ["why did my customer's bank payment fail a couple of days after checkout", '/guides/payments/process-ach-payments'],
  ['our webhook endpoint was down for days and now it receives nothing', '/concepts/webhooks'],
  ["save a card so a returning shopper doesn't have to retype it", '/guides/payment-methods/collect-cards'],
  ['stop a pending refund before it is sent to the card', '/guides/refunds/cancel-refunds'],
  ['get a new seller approved so they can receive money', '/guides/marketplaces/onboard-sellers'],
  ['Idempotent-Replayed response header', '/api/idempotency'],
  ['X-Correlation-Id header', '/api/request-correlation'],
  ['ApiKey object fields', '/concepts/api-keys'],
  ['ledger transaction types', '/concepts/transactions'],
  ['account status_reason values', '/concepts/accounts'],
  ['has_more and next_cursor in list responses', '/api/pagination'],
  ['payout.failed event payload', '/api/webhook-events'],
  ['onboarding requirement reasons missing invalid expired', '/concepts/onboarding'],
  ['network_reason_code on a dispute', '/concepts/dispute-cases'],
  ['business document types formation_document', '/api/accounts/get-all-business-document-types'],
  ['reverse an uncaptured card authorization', '/guides/payments/cancel-payments'],
  ['how chargebacks work', '/concepts/dispute-cases'],
  ['compliance review a seller goes through before taking payments', '/concepts/onboarding'],
  ['child accounts under a platform', '/concepts/accounts'],
  ['cash out my balance to the bank', '/guides/payouts/process-ach-payouts'],
  ['direct debit from a US bank account', '/guides/payments/process-ach-payments'],
  ['soft descriptor', '/guides/payments/process-card-payments'],
  ['penny test to verify a bank account', '/guides/payment-methods/collect-bank-accounts'],
  ['list every refund made on one payment', '/api/financial/get-all-refunds-for-payment'],
  ['fetch a dispute case by id', '/api/financial/get-dispute-case-by-id'],
  ['delete a webhook endpoint', '/api/accounts/delete-webhook'],
  ["change a customer's email address", '/api/accounts/update-customer'],
  ['create a balance transfer to a seller', '/api/financial/create-balance-transfer'],
  ["list payouts sent to a customer's cards and bank accounts", '/api/financial/get-all-payouts-for-a-customer'],
  ['POST /v1/payouts/{payout_id}/cancel', '/api/financial/cancels-a-payout'],
  ['GET /v1/settlements', '/api/financial/get-all-settlements'],
  ['got a 429, how long should I wait before retrying', '/api/rate-limits'],
  ['fraud_suspected decline', '/concepts/fraud-details-and-prevention'],
  ['409 onboarding_invitation_closed', '/api/errors'],
  ['live secret key refused by the sandbox host with 401', '/api/authentication'],
  ['409 idempotency_key_in_use on a retry', '/api/idempotency'],
  ['install the Magento 2 module with composer', '/plugins/magento-payments'],
  ['React CardElement onChange complete flag', '/sdks/web/react'],
  ['refund an order from the WooCommerce order screen', '/plugins/woocommerce-payments'],
  ['Shopify working capital advance repaid from daily sales', '/plugins/shopify-credit'],
  ['Content-Security-Policy directives for plaza.js', '/sdks/web/javascript'],
  ['amounts in currencies without decimals like yen', '/api/'],
  ['difference between a shareholder and an ultimate beneficial owner', '/concepts/onboarding'],
  ['what the ACH debit consent text must say', '/guides/payments/process-ach-payments'],
  ['which browsers the web SDKs support', '/sdks/'],
  ['webook signature verification', '/concepts/webhooks'],
  ['plaza js sdk instalation npm', '/sdks/web/javascript'],
  ['sandox test card numbers', '/api/testing'],
  ['Aple Pay merchant validation', '/guides/payment-methods/collect-apple-pay'],
  ['ip adress allowlist for our firewall', '/api/ip-addresses'],
  // 80 more, written on 2026-11-29 the same way (task phrases, other platforms' words, operations, fields, errors,
  // SDKs and plugins, sections, misspellings); 54 first and 67 in the top 3 when written. Read to find that the
  // sections' index pages were never indexed, and to weigh what lacking a common word costs a page.
  // Task phrases
  ['how do I charge a saved card from my server', '/guides/payments/process-card-payments'],
  ['put a hold on the card now and take the money when the order ships', '/guides/payments/authorize-and-capture-payments'],
  ['how to give a customer back part of what they paid', '/guides/refunds/refund-payments'],
  ['how do I pay sellers their share and keep a commission', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['how do I confirm the two small deposit amounts on a customer bank account', '/guides/payment-methods/collect-bank-accounts'],
  ['let the buyer log in to their bank to connect the account instantly', '/guides/payment-methods/collect-verified-bank-accounts'],
  // /guides/marketplaces/onboard-sellers walks through the same steps; the concept page's table is the direct answer to "what is needed".
  ['what details does Plaza need about a business before it can accept payments', '/concepts/onboarding'],
  ["send earnings to a driver's debit card in minutes", '/guides/payouts/process-card-payouts'],
  ['turn off automatic payouts and send money to my bank manually', '/guides/payouts/process-ach-payouts'],
  ['can I stop a payout after creating it', '/guides/payouts/cancel-payouts'],
  ['which sales make up a deposit plaza sent to my bank', '/guides/transactions/view-settlements'],
  ['how do I know when an ACH debit has cleared', '/guides/payments/process-ach-payments'],
  ['refund went out for the wrong amount can I take it back', '/guides/refunds/cancel-refunds'],
  // /guides/payments/process-apple-pay-payments covers only the server-side charge; setup (domain, button, merchant validation) comes first.
  ['how do I add Apple Pay to my checkout page', '/guides/payment-methods/collect-apple-pay'],
  ['run a test charge from the terminal without building a frontend', '/guides/quickstart'],
  ['request timed out creating a payment, is it safe to send it again', '/api/idempotency'],
  ['what should we check before accepting real payments', '/guides/production-checklist'],
  // /api/webhook-events lists the payment.failed payload; the concept page explains how to receive it.
  ['how do I get notified when a payment fails', '/concepts/webhooks'],
  ["store a shopper's card so they don't have to type it again", '/guides/payment-methods/collect-cards'],
  ['replace our production secret key without downtime', '/api/authentication'],
  // Words developers bring from other payment platforms
  ['void', '/guides/payments/cancel-payments'],
  ['chargeback', '/concepts/dispute-cases'],
  // /guides/marketplaces/onboard-sellers is the step-by-step; the concept page says what is verified.
  ['KYC', '/concepts/onboarding'],
  ['withdrawal', '/guides/payouts/process-ach-payouts'],
  ['ACH debit', '/guides/payments/process-ach-payments'],
  // /api/financial/captures-a-payment is the operation; the guide explains full and partial capture and expiry.
  ['capture', '/guides/payments/authorize-and-capture-payments'],
  ['connected account', '/concepts/accounts'],
  ['balance transaction', '/concepts/transactions'],
  // Permissions section; /concepts/api-keys has only a short summary of permissions.
  ['restricted API key', '/api/authentication'],
  ['soft descriptor', '/guides/payments/process-card-payments'],
  // Operations: list, fetch, show, look up, retrieve, remove, edit, change, delete, create, read, revoke
  ['list refunds for a payment', '/api/financial/get-all-refunds-for-payment'],
  ['fetch one dispute case by id', '/api/financial/get-dispute-case-by-id'],
  ['show all registered webhook endpoints', '/api/accounts/get-all-webhooks'],
  ['look up customer by email', '/api/accounts/get-all-customers'],
  ['retrieve the transactions in a settlement', '/api/financial/get-all-transactions-for-a-settlement'],
  ['remove a director from the business', '/api/accounts/delete-director'],
  ['edit webhook url', '/api/accounts/update-webhook'],
  // /guides/payment-methods/collect-cards step 5 shows the same request in context.
  ['change expiry date on a saved card', '/api/financial/update-card'],
  ['delete a customer bank account', '/api/financial/delete-bank-account'],
  ['create customer', '/api/accounts/create-customer'],
  ['read a single payout', '/api/financial/get-payout-by-id'],
  ['revoke a pending team invitation', '/api/accounts/delete-account-invitation'],
  // Request and response field names
  ['authorization_expires_at', '/guides/payments/authorize-and-capture-payments'],
  ['network_reason_code 10.4', '/concepts/dispute-cases'],
  ['gatewayMerchantId', '/guides/payment-methods/collect-google-pay'],
  ['next_cursor has_more', '/api/pagination'],
  ['revealable_until', '/concepts/api-keys'],
  ['status_reason requirements_due', '/concepts/accounts'],
  ['verification_attempts_remaining', '/guides/payment-methods/collect-bank-accounts'],
  ['X-Correlation-Id header', '/api/request-correlation'],
  // Error codes and HTTP statuses
  // /api/errors lists the code too; the Concurrent requests section of Idempotency explains it in full.
  ['idempotency_key_in_use', '/api/idempotency'],
  ['HTTP 429 rate_limit_exceeded', '/api/rate-limits'],
  ['401 api_key_invalid', '/api/authentication'],
  ['fraud_suspected', '/concepts/fraud-details-and-prevention'],
  ['409 conflict', '/api/errors'],
  ['R10 return code', '/guides/payments/process-ach-payments'],
  ['payment_method_unusable', '/api/errors'],
  ['processor_unavailable', '/api/errors'],
  // SDK and plugin phrases
  ['load plaza.js with a script tag without a bundler', '/sdks/web/javascript'],
  ['dark mode card fields', '/sdks/web/javascript'],
  ['PlazaProvider props', '/sdks/web/react'],
  ['usePlaza returns null', '/sdks/web/react'],
  ['WooCommerce orders not moving to processing after checkout', '/plugins/woocommerce-payments'],
  ['BigCommerce authorize only then capture funds', '/plugins/bigcommerce-payments'],
  ['use my own subdomain for the Shopify payment page', '/plugins/shopify-payments'],
  ['borrow against my Shopify sales', '/plugins/shopify-credit'],
  ['Adobe Commerce refund with credit memo', '/plugins/magento-payments'],
  ['which shopping cart platforms have a Plaza plugin', '/plugins/'],
  // Topics treated in one section of a page
  // /api/financial/export-transactions is the operation; the guide's section shows it with the CSV columns.
  ['export ledger to CSV for month end', '/guides/transactions/search-and-view-transactions'],
  ['postman collection', '/api/'],
  ['difference between shareholder and beneficial owner', '/concepts/onboarding'],
  // /api/webhook-events repeats the verification snippet; the concept page's section is the explanation.
  ['verify webhook HMAC signature header', '/concepts/webhooks'],
  ['which browsers do the web SDKs support', '/sdks/'],
  // /api/#versioning is a short summary that links here for the full policy.
  ['what does plaza consider a breaking API change', '/api/changelog'],
  // Misspellings
  ['settlment report', '/guides/transactions/view-settlements'],
  ['webhok retries', '/concepts/webhooks'],
  ['partial refnud', '/guides/refunds/refund-payments'],
  ['Magneto payment module', '/plugins/magento-payments'],
  ['dispute evidense deadline', '/concepts/dispute-cases'],
  ['sandbox test crads', '/api/testing'],
  // The tenth set, written apart like the ninth: 54 of 64 first and 63 in the top 3 before any change.
  ['how should my checkout handle a declined card', '/guides/payments/process-card-payments'],
  ["debit a customer's checking account by ACH", '/guides/payments/process-ach-payments'],
  ['add an Apple Pay button to my checkout page', '/guides/payment-methods/collect-apple-pay'],
  ['charge the Google Pay token on my server', '/guides/payments/process-google-pay-payments'],
  ['capture only part of an authorized payment when one item is out of stock', '/guides/payments/authorize-and-capture-payments'],
  ['release the hold on a card for an order that will not ship', '/guides/payments/cancel-payments'],
  ['refund one returned item from an order', '/guides/refunds/refund-payments'],
  ['I refunded the wrong amount, can I still stop it', '/guides/refunds/cancel-refunds'],
  ["send money instantly to a driver's debit card", '/guides/payouts/process-card-payouts'],
  ['turn off automatic payouts and pay out my balance to my bank myself', '/guides/payouts/process-ach-payouts'],
  ['create a seller account for my marketplace and submit it for review', '/guides/marketplaces/onboard-sellers'],
  ['take a platform fee from every marketplace order before paying the seller', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['which settlement paid this deposit on my bank statement', '/guides/transactions/view-settlements'],
  ["export last month's transactions to CSV for my accountant", '/guides/transactions/search-and-view-transactions'],
  ['a customer disputed a charge saying the order never arrived, what happens now', '/concepts/dispute-cases'],
  ['my webhook endpoint was down for a day, how do I get the events I missed', '/concepts/webhooks'],
  ['rotate a leaked secret key without downtime', '/api/authentication'],
  ['how should my code react to the different error types the API returns', '/api/errors'],
  ['which card numbers can I use to test declines in the sandbox', '/api/testing'],
  ['what should I check before switching my integration to live keys', '/guides/production-checklist'],
  ['how do chargebacks work', '/concepts/dispute-cases'],
  ['void a card authorization', '/guides/payments/cancel-payments'],
  ['NACHA authorization wording for debiting a bank account', '/guides/payments/process-ach-payments'],
  ['AVS and CVV check results', '/concepts/fraud-details-and-prevention'],
  ['pre-authorization hold on a card', '/guides/payments/authorize-and-capture-payments'],
  ['financial connections bank account linking', '/guides/payment-methods/collect-verified-bank-accounts'],
  ['MCC merchant category code list', '/api/accounts/get-all-business-industries'],
  ['does Plaza support 3D Secure', '/concepts/fraud-details-and-prevention'],
  ['ACH credit payout to a bank account', '/guides/payouts/process-ach-payouts'],
  ['pagination cursor', '/api/pagination'],
  ['API versioning and deprecation policy', '/api/changelog'],
  ['webhook IP ranges for firewall', '/api/ip-addresses'],
  ['Idempotency-Key header', '/api/idempotency'],
  ['request correlation ids for support', '/api/request-correlation'],
  ['webhook event payload examples', '/api/webhook-events'],
  ['transaction types in the ledger', '/concepts/transactions'],
  ['account members and roles', '/concepts/accounts'],
  ['download the OpenAPI spec', '/api/'],
  ['fetch a refund by id', '/api/financial/get-refund-by-id'],
  ['update a payout', '/api/financial/update-payout'],
  ['list all dispute cases', '/api/financial/get-all-dispute-cases'],
  ['remove a team member from my account', '/api/accounts/delete-account-member'],
  ['DELETE /v1/cards/{card_id}', '/api/financial/delete-card'],
  ['POST /v1/refund-transfers', '/api/financial/create-refund-transfer'],
  ['GET /v1/holding-accounts/{holding_account_id}/balance', '/api/accounts/get-holding-account-balance-by-id'],
  ['getAllProcessorResponses', '/api/financial/get-all-processor-responses'],
  ['revealApiKey', '/api/accounts/reveal-api-key'],
  ['429 Too Many Requests', '/api/rate-limits'],
  ['R02 return code account closed', '/guides/payments/process-ach-payments'],
  ['needs_response', '/concepts/dispute-cases'],
  ['disabled_reason delivery_failures', '/concepts/webhooks'],
  ['HTTP 422 unprocessable entity', '/api/errors'],
  ['PlazaProvider React', '/sdks/web/react'],
  ['load plaza.js JavaScript SDK', '/sdks/web/javascript'],
  ['which browsers does the web SDK support', '/sdks/'],
  ['WooCommerce payment gateway plugin', '/plugins/woocommerce-payments'],
  ['BigCommerce app setup', '/plugins/bigcommerce-payments'],
  ['Shopify working capital loan app', '/plugins/shopify-credit'],
  ['accept cards in my Shopify store', '/plugins/shopify-payments'],
  ['idempotancy key', '/api/idempotency'],
  ['Magneto extension', '/plugins/magento-payments'],
  ['advance sandbox clok', '/api/financial/advance-sandbox-clock'],
  ['create shareholdder', '/api/accounts/create-shareholder'],
  ['micro-deposit verfication', '/guides/payment-methods/collect-bank-accounts'],
];

const form = (page: Page) => page.getByRole('search').getByRole('searchbox');
const status = (page: Page) => page.getByRole('status').last();

/** Runs a query on the results page and returns the paths of the pages it found, best first. */
async function resultsFor(page: Page, query: string): Promise<{paths: string[]; status: string}> {
  await form(page).fill(query);
  await form(page).press('Enter');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(`Results for “${query.trim()}”`);
  await expect(status(page)).not.toHaveText('Searching…');
  const hrefs = await page.locator('main ul li a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return {paths: hrefs.map((href) => new URL(href, 'http://x').pathname), status: (await status(page).textContent()) ?? ''};
}

/**
 * Runs every query of a set and checks it: at least 40 queries, and at least `floor.first` of them
 * with the expected page first and `floor.top3` with it in the top 3. Logs hit@1, hit@3, the mean
 * reciprocal rank and, for the tuning set, the misses: a held-out set's misses are never shown, since
 * a set whose misses someone has read is tuning data.
 */
async function checkSet(
  page: Page,
  name: string,
  queries: [string, string][],
  floor: {first: number; top3: number},
  showMisses: boolean,
): Promise<void> {
  await open(page, '/search');
  const misses: string[] = [];
  let first = 0;
  let top3 = 0;
  let reciprocal = 0;
  for (const [query, expected] of queries) {
    const {paths} = await resultsFor(page, query);
    const rank = paths.indexOf(expected) + 1;
    if (rank === 1) first += 1;
    if (rank >= 1 && rank <= 3) top3 += 1;
    if (rank > 0) reciprocal += 1 / rank;
    if (rank !== 1) misses.push(`${query} → ${expected} at ${rank || 'none'} (first: ${paths.slice(0, 3).join(', ')})`);
  }
  const count = queries.length;
  const shown = showMisses ? `\n${misses.join('\n')}` : '';
  console.log(`search relevance, ${name}: hit@1 ${first}/${count}, hit@3 ${top3}/${count}, MRR ${(reciprocal / count).toFixed(3)}${shown}`);
  expect(count).toBeGreaterThanOrEqual(40);
  expect(top3 / count, `${name}: in the top 3${shown}`).toBeGreaterThanOrEqual(floor.top3);
  expect(first / count, `${name}: first${shown}`).toBeGreaterThanOrEqual(floor.first);
}

// The tuning set measured 444 of 497 first and 478 in the top 3 once its last 160 queries, written apart and
// read for their misses, joined it; with 60 more, and the pages' keywords indexed, 485 of 557 and 534; with 80
// more, the sections' index pages indexed and common words costing less to lack, 546 of 637 and 612; with 64
// more and the keywords their misses showed missing, 606 of 701 and 676. Its floor is a little under that.
test('the tuning set: the expected page first for at least 85% of queries, in the top 3 for 95%', async ({page}) => {
  test.setTimeout(600_000);
  await checkSet(page, 'tuning set', expectations, {first: 0.85, top3: 0.95}, true);
});

/**
 * The held-out set reaches the 90% first that issue 29 asks for, not its 100% in the top 3. It measured
 * 39 of 48 first and 40 in the top 3 when it was written; 41 and 42 once the search found pages lacking a
 * word of the query (relaxedRanking); 43 and 44 once a page in words scoring a quarter of the reference
 * page above it came first (preferProse); 43 and 46 once the pages' front matter keywords were indexed; 44 and 47
 * once the sections' index pages were indexed and a page lacking a common word lost less for it. Its floor is a
 * little under what the search does today, so that a change that makes it worse fails.
 */
test('the held-out set, never tuned on: the expected page first for at least 90%, in the top 3 for 95%', async ({page}) => {
  test.setTimeout(180_000);
  await checkSet(page, 'held-out set', heldOutQueries, {first: 0.9, top3: 0.95}, false);
});

/**
 * The eighth held-out set measured 34 of 60 first and 45 in the top 3 when it was written, 35 and 46 once the
 * pages' keywords were indexed, 39 and 50 once the sections' index pages were indexed and a page lacking a
 * common word lost less for it: the search's level on queries nobody tuned it for is this set's, not the
 * seventh's. Its floor, too, is a little under what it measures.
 */
test('the eighth held-out set, never tuned on: the expected page first for at least 62%, in the top 3 for 80%', async ({page}) => {
  test.setTimeout(180_000);
  await checkSet(page, 'eighth held-out set', eighthHeldOutQueries, {first: 0.62, top3: 0.8}, false);
});

/**
 * The eleventh held-out set measured 40 of 63 first and 53 in the top 3 (MRR 0.746) when it was written, on the
 * search of commit 8cefca9: close to the eighth's level, again. Its floor is a little under that.
 */
test('the eleventh held-out set, never tuned on: the expected page first for at least 60%, in the top 3 for 80%', async ({page}) => {
  test.setTimeout(180_000);
  await checkSet(page, 'eleventh held-out set', eleventhHeldOutQueries, {first: 0.6, top3: 0.8}, false);
});

/**
 * Every distinct word of the headings the guides and concepts are written with (their MDX, read as
 * Docusaurus reads it): not of the built pages, so that a page or heading the index lost still counts.
 */
function headingWords(): string[] {
  const words = new Set<string>();
  // An explicit heading id ({/* #id */}) is not a word of the heading.
  const text = (node: RootContent): string =>
    node.type === 'mdxTextExpression'
      ? ''
      : 'value' in node
        ? node.value
        : 'children' in node
          ? node.children.map((child) => text(child as RootContent)).join(' ')
          : '';
  const visit = (node: RootContent): void => {
    if (node.type === 'heading')
      for (const word of text(node)
        .toLowerCase()
        .match(/[\p{L}\p{N}_'-]+/gu) ?? [])
        words.add(word);
    else if ('children' in node) node.children.forEach((child) => visit(child as RootContent));
  };
  for (const file of docPages().filter((path) => /^docs\/(guides|concepts)\//.test(path))) {
    parseMdx(splitFrontMatter(readFileSync(file, 'utf8')).body).children.forEach(visit);
  }
  return [...words];
}

test('every word of the guides’ and concepts’ headings finds pages without an error', async ({page}) => {
  test.setTimeout(300_000);
  const words = headingWords();
  expect(words.length).toBeGreaterThan(100);
  await open(page, '/search');
  const empty: string[] = [];
  for (const word of words) {
    const {paths, status: said} = await resultsFor(page, word);
    expect(said, word).not.toMatch(/could not load/);
    if (paths.length === 0) empty.push(word);
  }
  expect(empty, 'heading words that found nothing').toEqual([]);
});
