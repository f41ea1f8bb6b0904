'use client'
import type { SigningKey } from '@rampkit/core'
import {
  configQueryOptions,
  revokeSigningKeyMutationOptions,
  signingKeysQueryOptions,
} from '@rampkit/core/kit/query'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRampKit } from '../provider.js'

/** What `useSigningKeys` returns. */
export type UseSigningKeysReturnType = {
  /** Whether the app has signed accepts on (else there are no keys to show). */
  enabled: boolean
  /** The keys of the user's verified customer, active and revoked. */
  keys: readonly SigningKey[]
  isLoading: boolean
  /** Revokes one of them (a lost or replaced wallet); resolves to the revoked key. */
  revoke: (keyId: string) => Promise<SigningKey>
  isRevoking: boolean
  error: Error | null
}

/**
 * The user's own signing keys (signed accepts) and a way to revoke one: a user who lost a
 * wallet revokes it here, and no accept signed with it goes through again. Only the user's own
 * keys are listed, and only they can revoke them (the kit's owner-only route).
 *
 * @example
 * const { keys, revoke } = useSigningKeys()
 * await revoke(keys[0].key_id)
 */
export function useSigningKeys(): UseSigningKeysReturnType {
  const { client } = useRampKit()
  const queryClient = useQueryClient()
  const config = useQuery(configQueryOptions(client))
  const enabled = config.data?.signed_accepts === true
  const options = signingKeysQueryOptions(client)
  const keys = useQuery({ ...options, enabled })
  const mutation = useMutation({
    ...revokeSigningKeyMutationOptions(client),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: options.queryKey }),
  })
  return {
    enabled,
    keys: keys.data?.keys ?? [],
    isLoading: config.isPending || (enabled && keys.isPending),
    revoke: (keyId) => mutation.mutateAsync({ keyId }),
    isRevoking: mutation.isPending,
    error: mutation.error ?? keys.error ?? null,
  }
}
