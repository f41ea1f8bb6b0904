/** The bus topic of one end user's customer: their keyed ref, never their user id. */
export const customerTopic = (ref: string) => `customer:${ref}`
