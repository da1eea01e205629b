import { describe, expect, it } from 'vitest'
import { cityId, COUNTRIES, foldForSearch, STATES } from '../../../../mock/src/world/people/geo.ts'

// The place lists of the address forms (GET /country, /state, /city).

describe('places', () => {
  it('Spain has its 50 provinces and Ceuta and Melilla, each with cities; every state belongs to a listed country', () => {
    expect(STATES.filter((state) => state.country === 'ES')).toHaveLength(52)
    const codes = new Set(COUNTRIES.map((country) => country.code))
    for (const state of STATES) {
      expect(codes.has(state.country), state.id).toBe(true)
      expect(state.cities.length, state.id).toBeGreaterThan(0)
    }
    for (const country of COUNTRIES) expect(country.name.es && country.name.en, country.code).toBeTruthy()
  })

  it('search folds case and accents: "avila" finds Ávila, "CORUÑA" A Coruña', () => {
    expect(foldForSearch('  Ávila ')).toBe('avila')
    expect(foldForSearch('A CORUÑA')).toBe('a coruna')
  })

  it('a city’s id is stable from its state and name', () => {
    expect(cityId('ES-M', 'Alcalá de Henares')).toBe('ES-M-alcala-de-henares')
    expect(cityId('ES-M', '  ¿Móstoles? ')).toBe('ES-M-mostoles')
  })
})
