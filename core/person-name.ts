// A person's name as the portal, the mock's documents and its e-mails write it.

export type PersonName = {
  name?: string | null
  surname1?: string | null
  surname2?: string | null
}

/** "Ana García López"; empty or missing parts are skipped. */
export function fullName({ name, surname1, surname2 }: PersonName): string {
  return [name, surname1, surname2]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
}
