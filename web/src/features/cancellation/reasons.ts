import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CancellationReason } from '@contract/generated/model/cancellationReason'

export const REASONS = ['health', 'wealth', 'exams', 'change', 'decease', 'grades', 'other'] as const satisfies readonly CancellationReason[]

export const reasonLabels: Record<CancellationReason, MessageDescriptor> = {
  health: msg`Motivos de salud`,
  wealth: msg`Motivos económicos`,
  exams: msg`Exámenes`,
  change: msg`Cambio de planes`,
  decease: msg`Fallecimiento de un familiar`,
  grades: msg`Notas o resultados académicos`,
  other: msg`Otro motivo`,
}
