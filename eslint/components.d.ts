/** The strongly connected components reachable from `starts`, every component after the ones it reaches. */
export declare function stronglyConnected<T>(starts: Iterable<T>, edgesOf: (node: T) => readonly T[]): T[][];
