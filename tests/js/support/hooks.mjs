// Module hooks for tests/js/fake-table.test.mjs: vendor/mqtt is the in-memory broker.
export async function resolve(specifier, context, next) {
  if (specifier.endsWith("vendor/mqtt/mqtt.esm.js")) return { url: new URL("./fake-mqtt.mjs", import.meta.url).href, shortCircuit: true };
  return next(specifier, context);
}
