"""The table page's Python entry (PyScript runs it): the only module that touches the browser."""
