/**
 * A tiny store: state changes only through `dispatch(action)`, each action type has one handler,
 * and an unknown type throws (a typo must fail loudly, not render a stale screen).
 */

/**
 * @param {Record<string, (state: object, action: object) => object>} handlers
 * @param {object} initial
 * @returns {{state: () => object, dispatch: (action: {type: string}) => void, subscribe: (fn: Function) => void}}
 */
export function createStore(handlers, initial) {
  let current = initial;
  const listeners = [];
  return {
    state: () => current,
    dispatch(action) {
      // not Object.hasOwn (Chromium 93+): phones' browsers lag (docs/browsers.md)
      const handler = Object.prototype.hasOwnProperty.call(handlers, action?.type) ? handlers[action.type] : null;
      if (!handler) throw new Error(`unknown action type: ${action?.type}`);
      current = handler(current, action);
      for (const listener of listeners) listener(current);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
  };
}
