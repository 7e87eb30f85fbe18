// Entry module of table.html. py/bridge.py boots the engine and sets <main data-state="ready">;
// the table UI modules are wired in here.
