import { BallotPage } from '@/features/ballot/ballot-page'

export const Component = BallotPage
