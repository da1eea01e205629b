// Static place lists for the address forms (GET /country, /state, /city). Not part of the World:
// they never change at run time, so they are not persisted or reset with it.
// Spain is complete at the province level (50 provinces plus Ceuta and Melilla, ISO 3166-2 ids);
// a few neighbours have a couple of states each, enough to exercise the forms.
import type { Language } from '../../../../contract/generated/model/language.ts'

export type GeoCountry = { code: string; name: Record<Language, string> }
export type GeoState = { id: string; country: string; name: string; cities: string[] }

export const COUNTRIES: GeoCountry[] = [
  { code: 'ES', name: { es: 'España', en: 'Spain' } },
  { code: 'PT', name: { es: 'Portugal', en: 'Portugal' } },
  { code: 'FR', name: { es: 'Francia', en: 'France' } },
  { code: 'GB', name: { es: 'Reino Unido', en: 'United Kingdom' } },
  { code: 'IE', name: { es: 'Irlanda', en: 'Ireland' } },
  { code: 'IT', name: { es: 'Italia', en: 'Italy' } },
  { code: 'DE', name: { es: 'Alemania', en: 'Germany' } },
  { code: 'NL', name: { es: 'Países Bajos', en: 'Netherlands' } },
  { code: 'BE', name: { es: 'Bélgica', en: 'Belgium' } },
  { code: 'CH', name: { es: 'Suiza', en: 'Switzerland' } },
  { code: 'AT', name: { es: 'Austria', en: 'Austria' } },
  { code: 'AD', name: { es: 'Andorra', en: 'Andorra' } },
  { code: 'GR', name: { es: 'Grecia', en: 'Greece' } },
  { code: 'MT', name: { es: 'Malta', en: 'Malta' } },
  { code: 'IS', name: { es: 'Islandia', en: 'Iceland' } },
  { code: 'PL', name: { es: 'Polonia', en: 'Poland' } },
  { code: 'RO', name: { es: 'Rumanía', en: 'Romania' } },
  { code: 'SE', name: { es: 'Suecia', en: 'Sweden' } },
  { code: 'MA', name: { es: 'Marruecos', en: 'Morocco' } },
  { code: 'US', name: { es: 'Estados Unidos', en: 'United States' } },
  { code: 'MX', name: { es: 'México', en: 'Mexico' } },
  { code: 'AR', name: { es: 'Argentina', en: 'Argentina' } },
  { code: 'CO', name: { es: 'Colombia', en: 'Colombia' } },
  { code: 'PE', name: { es: 'Perú', en: 'Peru' } },
  { code: 'CL', name: { es: 'Chile', en: 'Chile' } },
  { code: 'EC', name: { es: 'Ecuador', en: 'Ecuador' } },
  { code: 'VE', name: { es: 'Venezuela', en: 'Venezuela' } },
]

const es = (id: string, name: string, cities: string[]): GeoState => ({ id: `ES-${id}`, country: 'ES', name, cities })

export const STATES: GeoState[] = [
  es('C', 'A Coruña', ['A Coruña', 'Santiago de Compostela', 'Ferrol', 'Narón']),
  es('VI', 'Araba/Álava', ['Vitoria-Gasteiz', 'Llodio', 'Amurrio']),
  es('AB', 'Albacete', ['Albacete', 'Hellín', 'Villarrobledo', 'Almansa']),
  es('A', 'Alicante/Alacant', ['Alicante/Alacant', 'Elche/Elx', 'Benidorm', 'Torrevieja', 'Alcoy/Alcoi']),
  es('AL', 'Almería', ['Almería', 'El Ejido', 'Roquetas de Mar', 'Níjar']),
  es('O', 'Asturias', ['Oviedo', 'Gijón', 'Avilés', 'Mieres', 'Cangas de Onís']),
  es('AV', 'Ávila', ['Ávila', 'Arévalo', 'Las Navas del Marqués']),
  es('BA', 'Badajoz', ['Badajoz', 'Mérida', 'Don Benito', 'Almendralejo']),
  es('PM', 'Illes Balears', ['Palma', 'Ibiza/Eivissa', 'Manacor', 'Maó/Mahón', 'Ciutadella de Menorca']),
  es('B', 'Barcelona', ['Barcelona', "L'Hospitalet de Llobregat", 'Badalona', 'Terrassa', 'Sabadell', 'Mataró']),
  es('BI', 'Bizkaia', ['Bilbao', 'Barakaldo', 'Getxo', 'Portugalete', 'Durango']),
  es('BU', 'Burgos', ['Burgos', 'Miranda de Ebro', 'Aranda de Duero']),
  es('CC', 'Cáceres', ['Cáceres', 'Plasencia', 'Navalmoral de la Mata', 'Trujillo']),
  es('CA', 'Cádiz', ['Cádiz', 'Jerez de la Frontera', 'Algeciras', 'San Fernando', 'El Puerto de Santa María']),
  es('S', 'Cantabria', ['Santander', 'Torrelavega', 'Castro-Urdiales', 'Laredo']),
  es('CS', 'Castellón/Castelló', ['Castellón de la Plana/Castelló de la Plana', 'Vila-real', 'Burriana', 'Vinaròs']),
  es('CR', 'Ciudad Real', ['Ciudad Real', 'Puertollano', 'Tomelloso', 'Valdepeñas']),
  es('CO', 'Córdoba', ['Córdoba', 'Lucena', 'Puente Genil', 'Montilla']),
  es('CU', 'Cuenca', ['Cuenca', 'Tarancón', 'San Clemente']),
  es('SS', 'Gipuzkoa', ['Donostia/San Sebastián', 'Irun', 'Errenteria', 'Eibar', 'Zarautz']),
  es('GI', 'Girona', ['Girona', 'Figueres', 'Blanes', 'Lloret de Mar', 'Olot']),
  es('GR', 'Granada', ['Granada', 'Motril', 'Almuñécar', 'Baza', 'Loja']),
  es('GU', 'Guadalajara', ['Guadalajara', 'Azuqueca de Henares', 'Sigüenza']),
  es('H', 'Huelva', ['Huelva', 'Lepe', 'Almonte', 'Moguer']),
  es('HU', 'Huesca', ['Huesca', 'Jaca', 'Monzón', 'Barbastro', 'Fraga']),
  es('J', 'Jaén', ['Jaén', 'Linares', 'Andújar', 'Úbeda', 'Baeza']),
  es('LO', 'La Rioja', ['Logroño', 'Calahorra', 'Arnedo', 'Haro']),
  es('GC', 'Las Palmas', ['Las Palmas de Gran Canaria', 'Telde', 'Arrecife', 'Puerto del Rosario']),
  es('LE', 'León', ['León', 'Ponferrada', 'San Andrés del Rabanedo', 'Astorga']),
  es('L', 'Lleida', ['Lleida', 'Balaguer', 'Tàrrega', 'La Seu d\u2019Urgell']),
  es('LU', 'Lugo', ['Lugo', 'Monforte de Lemos', 'Viveiro']),
  es('M', 'Madrid', ['Madrid', 'Alcalá de Henares', 'Móstoles', 'Fuenlabrada', 'Leganés', 'Getafe', 'Alcobendas']),
  es('MA', 'Málaga', ['Málaga', 'Marbella', 'Vélez-Málaga', 'Fuengirola', 'Ronda', 'Antequera']),
  es('MU', 'Murcia', ['Murcia', 'Cartagena', 'Lorca', 'Molina de Segura']),
  es('NA', 'Navarra', ['Pamplona/Iruña', 'Tudela', 'Barañáin', 'Estella-Lizarra']),
  es('OR', 'Ourense', ['Ourense', 'Verín', 'O Barco de Valdeorras']),
  es('P', 'Palencia', ['Palencia', 'Aguilar de Campoo', 'Guardo']),
  es('PO', 'Pontevedra', ['Vigo', 'Pontevedra', 'Vilagarcía de Arousa', 'Redondela']),
  es('SA', 'Salamanca', ['Salamanca', 'Béjar', 'Ciudad Rodrigo']),
  es('TF', 'Santa Cruz de Tenerife', ['Santa Cruz de Tenerife', 'San Cristóbal de La Laguna', 'Arona', 'Santa Cruz de La Palma']),
  es('SG', 'Segovia', ['Segovia', 'Cuéllar', 'El Espinar']),
  es('SE', 'Sevilla', ['Sevilla', 'Dos Hermanas', 'Alcalá de Guadaíra', 'Utrera', 'Écija']),
  es('SO', 'Soria', ['Soria', 'Almazán', 'El Burgo de Osma']),
  es('T', 'Tarragona', ['Tarragona', 'Reus', 'Tortosa', 'Cambrils', 'Salou']),
  es('TE', 'Teruel', ['Teruel', 'Alcañiz', 'Andorra']),
  es('TO', 'Toledo', ['Toledo', 'Talavera de la Reina', 'Illescas', 'Seseña']),
  es('V', 'Valencia/València', ['València', 'Torrent', 'Gandia', 'Paterna', 'Sagunto/Sagunt']),
  es('VA', 'Valladolid', ['Valladolid', 'Medina del Campo', 'Laguna de Duero']),
  es('ZA', 'Zamora', ['Zamora', 'Benavente', 'Toro']),
  es('Z', 'Zaragoza', ['Zaragoza', 'Calatayud', 'Utebo', 'Ejea de los Caballeros']),
  es('CE', 'Ceuta', ['Ceuta']),
  es('ML', 'Melilla', ['Melilla']),
  { id: 'PT-11', country: 'PT', name: 'Lisboa', cities: ['Lisboa', 'Sintra', 'Cascais', 'Amadora'] },
  { id: 'PT-13', country: 'PT', name: 'Porto', cities: ['Porto', 'Vila Nova de Gaia', 'Matosinhos'] },
  { id: 'PT-08', country: 'PT', name: 'Faro', cities: ['Faro', 'Albufeira', 'Lagos', 'Portimão'] },
  { id: 'FR-IDF', country: 'FR', name: 'Île-de-France', cities: ['Paris', 'Versailles', 'Boulogne-Billancourt'] },
  { id: 'FR-OCC', country: 'FR', name: 'Occitanie', cities: ['Toulouse', 'Montpellier', 'Perpignan'] },
  { id: 'FR-NAQ', country: 'FR', name: 'Nouvelle-Aquitaine', cities: ['Bordeaux', 'Biarritz', 'Bayonne'] },
  { id: 'GB-ENG', country: 'GB', name: 'England', cities: ['London', 'Manchester', 'Liverpool', 'Oxford', 'Cambridge'] },
  { id: 'GB-SCT', country: 'GB', name: 'Scotland', cities: ['Edinburgh', 'Glasgow', 'Aberdeen'] },
  { id: 'GB-WLS', country: 'GB', name: 'Wales', cities: ['Cardiff', 'Swansea'] },
  { id: 'IT-RM', country: 'IT', name: 'Roma', cities: ['Roma', 'Fiumicino', 'Tivoli'] },
  { id: 'IT-MI', country: 'IT', name: 'Milano', cities: ['Milano', 'Monza', 'Sesto San Giovanni'] },
  { id: 'IT-FI', country: 'IT', name: 'Firenze', cities: ['Firenze', 'Prato', 'Empoli'] },
]

/** Lower-case without accents, so "avila" finds "Ávila" and "CORUÑA" finds "A Coruña". */
export const foldForSearch = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()

/** A stable id for a city from its state and name: ES-M + "Alcalá de Henares" → ES-M-alcala-de-henares. */
export const cityId = (stateId: string, name: string) =>
  `${stateId}-${foldForSearch(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`
