"""The browser's DOM layer (imports pyscript/pyodide; never imported by the engines)."""
