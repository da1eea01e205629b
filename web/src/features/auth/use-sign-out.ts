import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { logout } from '@/lib/api/generated/endpoints/auth/auth'
import { getToken } from '@/lib/api/request-context'
import { signOut } from '@/lib/session'

/** "Salir": revoke the token on the server (best effort), forget it here, go to the sign-in page. */
export function useSignOut() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return async () => {
    const token = getToken()
    // Forgotten first, so a 401 from the logout call itself is not taken for an expired session.
    signOut()
    if (token) {
      await logout({ headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined)
    }
    await navigate('/auth/login', { replace: true })
    queryClient.clear()
  }
}
