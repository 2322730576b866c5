/**
 * Personalised PageRank over an undirected graph given as neighbour lists: the share of time a
 * walker that restarts at the seeds (in proportion to their weights) spends at each node. Nodes
 * near several seeds collect the most. Deterministic: a fixed number of power iterations.
 */
export function personalizedPageRank(
  neighbours: readonly (readonly number[])[],
  seeds: ReadonlyMap<number, number>,
  { restart = 0.3, iterations = 20 }: { restart?: number; iterations?: number } = {},
): Float64Array {
  const n = neighbours.length;
  const start = new Float64Array(n);
  let total = 0;
  for (const weight of seeds.values()) total += weight;
  if (total <= 0) return start;
  for (const [node, weight] of seeds) start[node] = weight / total;
  let rank = Float64Array.from(start);
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    const next = new Float64Array(n);
    for (let node = 0; node < n; node += 1) {
      const mass = rank[node]!;
      if (mass === 0) continue;
      const list = neighbours[node]!;
      // A node with no edges gives its mass back to the seeds, so no mass leaks away.
      if (list.length === 0) {
        for (const [seed, weight] of seeds) next[seed]! += ((1 - restart) * mass * weight) / total;
        continue;
      }
      const share = ((1 - restart) * mass) / list.length;
      for (const other of list) next[other]! += share;
    }
    for (let node = 0; node < n; node += 1) next[node]! += restart * start[node]!;
    rank = next;
  }
  return rank;
}
