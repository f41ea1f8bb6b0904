/** A refusal the kit decides itself (no customer yet, a type that cannot change...). */
export class VaultRefusal extends Error {
  override name = 'VaultRefusal'
  constructor(
    readonly status: 403 | 409 | 422,
    message: string,
    readonly data: { field: string; code?: string },
  ) {
    super(message)
  }
}
