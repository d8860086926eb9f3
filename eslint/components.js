// Strongly connected components of a directed graph (Tarjan's algorithm, iterative, so a long
// import chain cannot overflow the stack). Shared by the lint's cycle rule (no-cycle.js) and
// `npm run measure:modules` (scripts/module-measures.ts).

/**
 * The components reachable from `starts`, each as a list of its nodes, every component after
 * the ones it reaches. `edgesOf` gives a node's successors; a caller that already knows some
 * components leaves their nodes out of it.
 * @template T
 * @param {Iterable<T>} starts
 * @param {(node: T) => readonly T[]} edgesOf
 * @returns {T[][]}
 */
export function stronglyConnected(starts, edgesOf) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  const enter = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    return { node, edges: edgesOf(node), edge: 0 };
  };
  for (const start of starts) {
    if (index.has(start)) continue;
    const work = [enter(start)];
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.edge < frame.edges.length) {
        const target = frame.edges[frame.edge++];
        if (!index.has(target)) work.push(enter(target));
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component = [];
      for (let member; member !== frame.node;) {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      }
      components.push(component);
    }
  }
  return components;
}
