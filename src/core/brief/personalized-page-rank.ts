/** An undirected graph in compressed form: node i's neighbours are `targets[offsets[i] .. offsets[i + 1])`. */
export interface Graph {
  offsets: Int32Array;
  targets: Int32Array;
}

/** A graph from directed edges, each made to go both ways (self-loops and out-of-range nodes dropped). */
export function undirectedGraph(nodes: number, edges: (visit: (from: number, to: number) => void) => void): Graph {
  const degree = new Int32Array(nodes + 1);
  edges((from, to) => {
    if (from === to || to < 0 || to >= nodes) return;
    degree[from]! += 1;
    degree[to]! += 1;
  });
  const offsets = new Int32Array(nodes + 1);
  for (let i = 0; i < nodes; i += 1) offsets[i + 1] = offsets[i]! + degree[i]!;
  const fill = offsets.slice(0, nodes);
  const targets = new Int32Array(offsets[nodes]!);
  edges((from, to) => {
    if (from === to || to < 0 || to >= nodes) return;
    targets[fill[from]!++] = to;
    targets[fill[to]!++] = from;
  });
  return { offsets, targets };
}

/**
 * Personalised PageRank: the share of time a walker that restarts at the seeds (in proportion to
 * their weights) spends at each node. Nodes near several seeds collect the most. Deterministic: a
 * fixed number of power iterations; mass at a node with no edges goes back to the seeds.
 */
export function personalizedPageRank(
  graph: Graph,
  seeds: ReadonlyMap<number, number>,
  { restart = 0.3, iterations = 12 }: { restart?: number; iterations?: number } = {},
): Float64Array {
  const n = graph.offsets.length - 1;
  const start = new Float64Array(n);
  let total = 0;
  for (const weight of seeds.values()) total += weight;
  if (total <= 0) return start;
  for (const [node, weight] of seeds) start[node] = weight / total;
  let rank = Float64Array.from(start);
  let next = new Float64Array(n);
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    next.fill(0);
    let dangling = 0;
    for (let node = 0; node < n; node += 1) {
      const mass = rank[node]!;
      if (mass === 0) continue;
      const from = graph.offsets[node]!;
      const to = graph.offsets[node + 1]!;
      if (from === to) {
        dangling += mass;
        continue;
      }
      const share = ((1 - restart) * mass) / (to - from);
      for (let k = from; k < to; k += 1) next[graph.targets[k]!]! += share;
    }
    const back = restart + (1 - restart) * dangling;
    for (const [node] of seeds) next[node]! += back * start[node]!;
    [rank, next] = [next, rank];
  }
  return rank;
}
