import { NotFoundPage } from '@/features/errors/error-pages'

export const Component = NotFoundPage
