"""The parsed source of a function's code object, for the checks that read a traced function's
Python as AutoGraph does (branch_definitions.py, python_loop_breaks.py, if_conditions.py)."""
import ast
import inspect
import textwrap


def parsed_source(code):
    """(the AST of ``code``'s source, dedented, and the offset that turns its line numbers into the
    file's), or None when the source cannot be read or parsed (a lambda in a REPL, a generated function)."""
    try:
        lines, first = inspect.getsourcelines(code)
        return ast.parse(textwrap.dedent(''.join(lines))), first - 1
    except (OSError, TypeError, SyntaxError, IndentationError):
        return None


def function_body(tree):
    """The statements of the function whose parsed source is ``tree`` (``parsed_source``), or None where it
    holds no function statement (a lambda's source)."""
    if tree.body and isinstance(tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        return tree.body[0].body
    return None


_SCANS = {}     # (scan, code object) -> what the scan found in its source


def scanned(code, scan, empty):
    """``scan(tree, offset)`` of ``code``'s parsed source (see ``parsed_source``), made once per code
    object and scan; ``empty`` where the source cannot be read or parsed."""
    key = (scan, code)
    found = _SCANS.get(key)
    if found is None:
        parsed = parsed_source(code)
        found = _SCANS[key] = empty if parsed is None else scan(*parsed)
    return found


def function_names(fn):
    """The names ``fn``'s code can load, with their values now: its globals, then its closure's bound cells
    (a free name not bound yet is left out)."""
    names = dict(getattr(fn, '__globals__', None) or {})
    for name, cell in zip(fn.__code__.co_freevars, getattr(fn, '__closure__', None) or ()):
        try:
            names[name] = cell.cell_contents
        except ValueError:
            pass
    return names
