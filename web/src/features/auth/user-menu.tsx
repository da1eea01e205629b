import { useLingui } from '@lingui/react/macro'
import { MenuButton } from '@/components/controls/menu-button'
import { useGetProfile } from '@/lib/api/generated/endpoints/auth/auth'
import { TruncatedText } from '@/components/content/truncated-text'
import { displayName } from '@/features/auth/display-name'
import { useSignOut } from '@/features/auth/use-sign-out'
import { useHydrated } from '@/hooks/use-hydrated'

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)

/** The signed-in customer's menu: "Mi contraseña", "Mis reservas", "Salir". */
export function UserMenu() {
  const { t } = useLingui()
  const profile = useGetProfile({ query: { staleTime: 5 * 60_000 } })
  // a profile kept from an earlier visit is there at once, but the frame being hydrated is nameless
  const customer = useHydrated() ? profile.data : undefined
  const signOut = useSignOut()
  const name = customer ? displayName(customer) : t`Mi cuenta`
  return (
    <MenuButton
      className="user-menu"
      label={<TruncatedText text={name} />}
      menuLabel={t`Menú de usuario`}
      icon={
        <span className="user-avatar" aria-hidden="true">
          {icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5')}
        </span>
      }
      header={
        customer ? (
          <>
            <strong className="user-menu__name">{name}</strong>
            {name !== customer.email && <span>{customer.email}</span>}
          </>
        ) : undefined
      }
      items={[
        { kind: 'link', to: '/auth/password', label: t`Mi contraseña`, icon: icon('M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3') },
        { kind: 'link', to: '/', label: t`Mis reservas`, icon: icon('M4 7h16v12H4zM9 7V5h6v2') },
        {
          kind: 'link',
          to: '/travelgroup',
          label: t`Viajes`,
          icon: icon('M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18'),
        },
        { kind: 'action', label: t`Salir`, onSelect: signOut, icon: icon('M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10') },
      ]}
    />
  )
}
