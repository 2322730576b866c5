/** mulberry32: a seeded PRNG returning numbers in [0, 1). */
export declare function random(seed: number): () => number;
