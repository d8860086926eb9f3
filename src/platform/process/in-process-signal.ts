import { EventEmitter } from 'node:events';

/** A word passed to every listener of this process: `announce` calls each, `on` adds one and returns how to remove it. */
export interface InProcessSignal<T> {
  announce(value: T): void;
  on(listener: (value: T) => void): () => void;
}

export function createInProcessSignal<T>(): InProcessSignal<T> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    announce: (value) => void emitter.emit('signal', value),
    on(listener) {
      emitter.on('signal', listener);
      return () => void emitter.off('signal', listener);
    },
  };
}
