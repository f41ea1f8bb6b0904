/**
 * The `data.field` names of the service's 422 answers (spec section 7) and of the other inputs
 * checked here, so a form, the sandbox and the server kit name a field the same way.
 *
 * @example
 * form.setError(VALIDATION_FIELDS.phoneNumber, { message: failure.message })
 */
export const VALIDATION_FIELDS = {
  networkId: 'payment_method.network_id',
  phoneNumber: 'payment_method.phone_number',
  accountNumber: 'payment_method.account_number',
  customerName: 'customer.name',
  dob: 'customer.dob',
  additionalIdType: 'customer.additional_id_type',
  additionalIdNumber: 'customer.additional_id_number',
  userAddress: 'user_address',
  walletAddress: 'wallet_address',
  refundAddress: 'refund_address',
  amountFiat: 'amount_fiat',
  localAmount: 'local_amount',
  cryptoAmount: 'crypto_amount',
  customerId: 'customer_id',
} as const
