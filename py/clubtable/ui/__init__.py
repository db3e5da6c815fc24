"""The browser's DOM layer (imports js and pyodide; never imported by the engines)."""
