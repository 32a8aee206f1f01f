/** A language's texts have the same keys as English, with any text. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
