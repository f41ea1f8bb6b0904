/** A quote or order id in a path: anything else is a 404 without a lookup. */
export const ID = /^[A-Za-z0-9_-]{1,128}$/
