// An in-memory MQTT broker for the join modules' unit tests (tests/js/fake-table.test.mjs): every
// client on one bus, exact topics and "#" filters; it stands in for vendor/mqtt (support/hooks.mjs).
const bus = (globalThis.__bus ??= { clients: new Set() });
const matches = (filter, topic) => (filter.endsWith("/#") ? topic.startsWith(filter.slice(0, -1)) : filter === topic);

function connect(url) {
  const handlers = {};
  const client = {
    url,
    connected: false,
    subs: new Set(),
    on(event, cb) {
      (handlers[event] ??= []).push(cb);
      return client;
    },
    once(event, cb) {
      const once = (...args) => {
        handlers[event] = handlers[event].filter((h) => h !== once);
        cb(...args);
      };
      return client.on(event, once);
    },
    emit(event, ...args) {
      for (const cb of handlers[event] ?? []) cb(...args);
    },
    subscribe(topics, cb) {
      for (const topic of [].concat(topics)) client.subs.add(topic);
      cb?.();
    },
    unsubscribe(topics) {
      for (const topic of [].concat(topics)) client.subs.delete(topic);
    },
    publish(topic, payload, cb) {
      setTimeout(() => {
        for (const c of bus.clients) if (c.connected && [...c.subs].some((f) => matches(f, topic))) c.emit("message", topic, Buffer.from(String(payload)));
        cb?.();
      }, 1);
    },
    end() {
      client.connected = false;
      bus.clients.delete(client);
      client.emit("close");
    },
    reconnect() {},
  };
  bus.clients.add(client);
  setTimeout(() => {
    client.connected = true;
    client.emit("connect");
  }, 2);
  return client;
}
export default { connect };
