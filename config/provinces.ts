/**
 * The Italian provinces and metropolitan cities (issue 24, ARCHITECTURE.md §8a): reference data every
 * installation needs (the conventions' suppliers name theirs; GET province_fornitori lists those with
 * suppliers). Written into `conv_provinces` at every start by services/reference-data.ts: a new one
 * appears, a changed name is updated, one removed here disappears unless a supplier still names it (then
 * it is kept and the start log says so). The 107 of the vehicle-plate sigle (ISTAT), by region.
 */
export interface ProvinceDeclaration {
  /** Two capital letters, the sigla of the plates. */
  readonly sigla: string;
  readonly nome: string;
}

const p = (sigla: string, nome: string): ProvinceDeclaration => ({ sigla, nome });

export const provinces: readonly ProvinceDeclaration[] = [
  // Piemonte
  p('AL', 'Alessandria'),
  p('AT', 'Asti'),
  p('BI', 'Biella'),
  p('CN', 'Cuneo'),
  p('NO', 'Novara'),
  p('TO', 'Torino'),
  p('VB', 'Verbano-Cusio-Ossola'),
  p('VC', 'Vercelli'),
  // Valle d'Aosta
  p('AO', 'Aosta'),
  // Lombardia
  p('BG', 'Bergamo'),
  p('BS', 'Brescia'),
  p('CO', 'Como'),
  p('CR', 'Cremona'),
  p('LC', 'Lecco'),
  p('LO', 'Lodi'),
  p('MN', 'Mantova'),
  p('MI', 'Milano'),
  p('MB', 'Monza e della Brianza'),
  p('PV', 'Pavia'),
  p('SO', 'Sondrio'),
  p('VA', 'Varese'),
  // Trentino-Alto Adige
  p('BZ', 'Bolzano'),
  p('TN', 'Trento'),
  // Veneto
  p('BL', 'Belluno'),
  p('PD', 'Padova'),
  p('RO', 'Rovigo'),
  p('TV', 'Treviso'),
  p('VE', 'Venezia'),
  p('VR', 'Verona'),
  p('VI', 'Vicenza'),
  // Friuli-Venezia Giulia
  p('GO', 'Gorizia'),
  p('PN', 'Pordenone'),
  p('TS', 'Trieste'),
  p('UD', 'Udine'),
  // Liguria
  p('GE', 'Genova'),
  p('IM', 'Imperia'),
  p('SP', 'La Spezia'),
  p('SV', 'Savona'),
  // Emilia-Romagna
  p('BO', 'Bologna'),
  p('FE', 'Ferrara'),
  p('FC', 'Forlì-Cesena'),
  p('MO', 'Modena'),
  p('PR', 'Parma'),
  p('PC', 'Piacenza'),
  p('RA', 'Ravenna'),
  p('RE', 'Reggio Emilia'),
  p('RN', 'Rimini'),
  // Toscana
  p('AR', 'Arezzo'),
  p('FI', 'Firenze'),
  p('GR', 'Grosseto'),
  p('LI', 'Livorno'),
  p('LU', 'Lucca'),
  p('MS', 'Massa-Carrara'),
  p('PI', 'Pisa'),
  p('PT', 'Pistoia'),
  p('PO', 'Prato'),
  p('SI', 'Siena'),
  // Umbria
  p('PG', 'Perugia'),
  p('TR', 'Terni'),
  // Marche
  p('AN', 'Ancona'),
  p('AP', 'Ascoli Piceno'),
  p('FM', 'Fermo'),
  p('MC', 'Macerata'),
  p('PU', 'Pesaro e Urbino'),
  // Lazio
  p('FR', 'Frosinone'),
  p('LT', 'Latina'),
  p('RI', 'Rieti'),
  p('RM', 'Roma'),
  p('VT', 'Viterbo'),
  // Abruzzo
  p('AQ', "L'Aquila"),
  p('CH', 'Chieti'),
  p('PE', 'Pescara'),
  p('TE', 'Teramo'),
  // Molise
  p('CB', 'Campobasso'),
  p('IS', 'Isernia'),
  // Campania
  p('AV', 'Avellino'),
  p('BN', 'Benevento'),
  p('CE', 'Caserta'),
  p('NA', 'Napoli'),
  p('SA', 'Salerno'),
  // Puglia
  p('BA', 'Bari'),
  p('BT', 'Barletta-Andria-Trani'),
  p('BR', 'Brindisi'),
  p('FG', 'Foggia'),
  p('LE', 'Lecce'),
  p('TA', 'Taranto'),
  // Basilicata
  p('MT', 'Matera'),
  p('PZ', 'Potenza'),
  // Calabria
  p('CZ', 'Catanzaro'),
  p('CS', 'Cosenza'),
  p('KR', 'Crotone'),
  p('RC', 'Reggio Calabria'),
  p('VV', 'Vibo Valentia'),
  // Sicilia
  p('AG', 'Agrigento'),
  p('CL', 'Caltanissetta'),
  p('CT', 'Catania'),
  p('EN', 'Enna'),
  p('ME', 'Messina'),
  p('PA', 'Palermo'),
  p('RG', 'Ragusa'),
  p('SR', 'Siracusa'),
  p('TP', 'Trapani'),
  // Sardegna
  p('CA', 'Cagliari'),
  p('NU', 'Nuoro'),
  p('OR', 'Oristano'),
  p('SS', 'Sassari'),
  p('SU', 'Sud Sardegna'),
];
