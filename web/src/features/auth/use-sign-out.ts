import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { getLogoutMutationOptions } from '@/lib/api/generated/endpoints/auth/auth'
import { getToken } from '@/lib/api/request-context.universal'
import { signOut } from '@/lib/domain/session'

/** "Salir": revoke the token on the server (best effort), forget it here, go to the sign-in page. */
export function useSignOut() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // The session shown when the menu was drawn; the call names it itself, because it is forgotten
  // first, so a 401 from the logout call itself is not taken for an expired session.
  const token = getToken()
  const revoke = useMutation(getLogoutMutationOptions(token ? { request: { headers: { Authorization: `Bearer ${token}` } } } : undefined))
  return async () => {
    signOut()
    if (token) await revoke.mutateAsync().catch(() => undefined)
    await navigate('/auth/login', { replace: true })
    queryClient.clear()
  }
}
