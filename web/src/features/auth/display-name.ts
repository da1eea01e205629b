import type { User } from '@contract/generated/model/user'

/** Name and first surname; the e-mail when the name is empty (SPEC §2). */
export function displayName(user: Pick<User, 'name' | 'surname1' | 'email'>): string {
  const name = [user.name, user.surname1].map((part) => part?.trim() ?? '').filter(Boolean)
  return user.name?.trim() ? name.join(' ') : user.email
}
