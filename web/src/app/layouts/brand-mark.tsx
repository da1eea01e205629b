import { Link } from 'react-router'
import { useAgency } from '@/lib/domain/agency'
import { useLingui } from '@lingui/react/macro'

/** The agency's logo, or its name when it has none (SPEC §2), linking home. */
export function BrandMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const agency = useAgency()
  const { t } = useLingui()
  const name = agency?.name ?? t`Portal de viajes`
  const logo = agency?.logo?.images.original
  return (
    <Link to="/" className={`brand-mark brand-mark--${size}`} aria-label={t`${name}: inicio`}>
      {logo ? <img className="brand-mark__logo" src={logo} alt={name} /> : <span className="brand-mark__name">{name}</span>}
    </Link>
  )
}
