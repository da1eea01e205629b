// The demo travel groups of each agency, as specifications makeGroup turns into groups.

export type GroupSpec = {
  key: string
  name: string
  destination: string
  /** the name and destination in English */
  en: { name: string; destination: string }
  code: string
  startInDays: number
  nights: number
  service: 'int' | 'nac' | 'dia'
  basePrice: number
  capacity: number
}

export const groupSpecs: Record<string, GroupSpec[]> = {
  'ag-sol': [
    {
      key: 'lon',
      name: 'Londres 4º ESO',
      destination: 'Londres',
      en: { name: 'London, Year 10', destination: 'London' },
      code: 'LON27',
      startInDays: 110,
      nights: 5,
      service: 'int',
      basePrice: 95000,
      capacity: 48,
    },
    {
      key: 'pir',
      name: 'Pirineos en la nieve',
      destination: 'Jaca',
      en: { name: 'Pyrenees in the snow', destination: 'Jaca' },
      code: 'PIR27',
      startInDays: 30,
      nights: 4,
      service: 'nac',
      basePrice: 48000,
      capacity: 30,
    },
    {
      key: 'rom',
      name: 'Roma fin de curso',
      destination: 'Roma',
      en: { name: 'Rome, end of school year', destination: 'Rome' },
      code: 'ROM27',
      startInDays: 200,
      nights: 6,
      service: 'int',
      basePrice: 89000,
      capacity: 40,
    },
    {
      key: 'par',
      name: 'París 2026',
      destination: 'París',
      en: { name: 'Paris 2026', destination: 'Paris' },
      code: 'PAR26',
      startInDays: -40,
      nights: 4,
      service: 'int',
      basePrice: 78000,
      capacity: 36,
    },
  ],
  'ag-norte': [
    {
      key: 'isl',
      // longer than the 60 characters a card shows (SPEC §9): cut there, in full on the trip and booking pages
      name: 'Islandia: auroras boreales, glaciares y la costa sur en seis noches',
      destination: 'Reikiavik',
      en: { name: 'Iceland: northern lights, glaciers and the south coast in six nights', destination: 'Reykjavik' },
      code: 'ISL27',
      startInDays: 95,
      nights: 6,
      service: 'int',
      basePrice: 149000,
      capacity: 24,
    },
    {
      key: 'pic',
      name: 'Picos de Europa activo',
      destination: 'Cangas de Onís',
      en: { name: 'Active Picos de Europa', destination: 'Cangas de Onís' },
      code: 'PIC27',
      startInDays: 60,
      nights: 3,
      service: 'nac',
      basePrice: 39000,
      capacity: 30,
    },
  ],
  'ag-mar': [
    {
      key: 'mal',
      name: 'Malta idiomas',
      destination: 'La Valeta',
      en: { name: 'Malta language course', destination: 'Valletta' },
      code: 'MAL27',
      startInDays: 150,
      nights: 14,
      service: 'int',
      basePrice: 169000,
      capacity: 32,
    },
  ],
}
