/** The shape of a catalogue with every leaf widened to string: English must have every Chinese key. */
export type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

/** Dotted paths to every leaf string of a catalogue, such as `errors.login.locked`. */
export type CatalogueKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : CatalogueKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
