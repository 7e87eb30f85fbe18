# The two commands of the README are `make play` and `make test`; both set up first.
# Set-up is scripts/bootstrap.py: idempotent, fast when nothing changed, rebuilds the engine wheel.

PYTHON ?= python3
VENV_PY := .venv/bin/python
HOST ?= 0.0.0.0
PORT ?= 8000

.PHONY: setup play test bench lint clean

setup:
	@$(PYTHON) scripts/bootstrap.py

play: setup
	@$(VENV_PY) scripts/serve.py --host $(HOST) --port $(PORT)

# scripts/run_tests.py: with no ARGS, three lines of pytest runs at once, the browser tests in
# three parts and the others, the third part after them (they overlap: browsers wait, the others
# compute); with ARGS, plain `pytest ARGS`.
# pytest's exit 5 ("no tests collected", say an -m filter matched nothing) is not a failure.
test: setup
	@$(VENV_PY) scripts/run_tests.py $(ARGS)

bench: setup
	$(VENV_PY) bench/run.py $(ARGS)

lint: setup
	$(VENV_PY) -m ruff check .
	$(VENV_PY) -m mypy

clean:
	rm -rf .venv node_modules vendor build dist bench/results
