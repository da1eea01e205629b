import { useLingui } from '@lingui/react/macro'
import type { CommercialSector } from '@contract/generated/model/commercialSector'

/** The nine commercial sectors (SPEC §9), in the contract's order. */
export function useSectorLabels(): Record<CommercialSector, string> {
  const { t } = useLingui()
  return {
    travel: t({ message: 'Viajes', context: 'commercial sector' }),
    sports: t`Deportes`,
    culture: t`Cultura`,
    music: t`Música`,
    languages: t`Idiomas`,
    nature: t`Naturaleza`,
    gastronomy: t`Gastronomía`,
    technology: t`Tecnología`,
    volunteering: t`Voluntariado`,
  }
}
