"""AutoGraph's warning for a lambda it cannot single out in its source file.

TensorFlow 2.21 converts the Python functions that tf.function traces, that tf.data's stages
(map, filter, flat_map, interleave, reduce) trace and that tf.map_fn calls. To convert a lambda,
AutoGraph parses its whole file and keeps the lambda nodes whose lines span the lambda's first
line; when several do (``ds.map(lambda x: x * 2).filter(lambda x: x > 2)`` on one line) and more
than one has the lambda's argument names, it gives up: it logs a warning, runs the lambda as it is,
and remembers the function object, so that each function warns once. tapeflow converts nothing
but logs the same warning at the same moments, so a program's log reads as TensorFlow's.

Only the user's lambdas count (AutoGraph leaves TensorFlow's and Keras's own functions alone), and
only where their file can be read. A function whose source cannot be read at all (exec'd code,
`python -c`) AutoGraph runs as it is without a warning: it is marked unconverted here.
"""
import ast
import inspect
import linecache
import sys
import types
import weakref

from .autograph_unsupported import unsupported_feature
from .tf_logging import logger

_TEMPLATE = ('AutoGraph could not transform %s and will run it as-is.\nCause: %s\n'
             'To silence this warning, decorate the function with @tf.autograph.experimental.do_not_convert')
_WARNED = weakref.WeakSet()         # AutoGraph's allowlist cache: functions that fell back once
_PARSED = {}                        # file name -> (its lines as linecache holds them, their module's statements)


def warn_if_unparsable(fn):
    """Log AutoGraph's warning when ``fn`` is a user's lambda that AutoGraph cannot find in its source,
    or a user's generator function (AutoGraph converts no generators: 'generators are not supported')."""
    generator = inspect.isgeneratorfunction(fn)
    lambda_ = getattr(fn, '__name__', None) == '<lambda>'
    if (type(fn) is not types.FunctionType and not lambda_ and not generator) \
            or getattr(fn, 'autograph_do_not_convert', False) or fn in _WARNED:
        return
    module_name = getattr(fn, '__module__', None) or ''
    from .trace_names import _TAPEFLOW_PACKAGES
    if module_name.partition('.')[0] in _TAPEFLOW_PACKAGES:
        return
    if _source_unreadable(fn):
        # TF 2.21's AutoGraph cannot convert a function whose source it cannot read (exec'd code, `python -c`):
        # it runs it as it is, saying nothing (its InaccessibleSourceCodeError is logged at debug level), so
        # the trace's errors come plain ("<lambda>() missing 1 required positional argument: 'b'", no 'in user
        # code:') and a tensor `if` there is OperatorNotAllowedInGraphError
        from .function_errors import UNCONVERTED_CODE
        UNCONVERTED_CODE.add(fn.__code__)
        _WARNED.add(fn)
        return
    module = sys.modules.get(module_name)
    if module is None:
        return
    if generator:
        cause = 'generators are not supported'
    elif lambda_:
        cause = _why_unparsable(fn, module)
        if cause is not None:       # run as it is: the trace's errors come plain, without 'in user code:'
            from .function_errors import UNCONVERTED_CODE
            UNCONVERTED_CODE.add(fn.__code__)
    else:       # a feature AutoGraph's checker refuses (for/else, self.__x): it runs the function unconverted
        cause = unsupported_feature(fn.__code__)
        if cause is not None:
            from .function_errors import UNCONVERTED_CODE
            UNCONVERTED_CODE.add(fn.__code__)
    if cause is not None:
        _WARNED.add(fn)
        logger().warning(_TEMPLATE, fn, cause)


def _source_unreadable(fn):
    """Whether ``fn``'s source cannot be read, as AutoGraph's inspect_utils.getimmediatesource finds it."""
    try:
        inspect.getsourcelines(fn.__code__)
    except (OSError, TypeError):
        return True
    return False


def _why_unparsable(fn, module):
    """parser._parse_lambda's error for ``fn``, or None when it finds the lambda (or cannot read the file)."""
    try:
        filename = inspect.getsourcefile(fn)
    except TypeError:
        return None
    lines = linecache.getlines(filename, module.__dict__) if filename else []
    statements = _statements(filename, lines)
    if not statements:
        return None
    first_line = fn.__code__.co_firstlineno
    lambdas = []
    for statement in statements:        # the statements starting at or before the lambda's line
        if getattr(statement, 'lineno', first_line) > first_line:
            break
        lambdas.extend(node for node in ast.walk(statement) if isinstance(node, ast.Lambda))
    spanning = [node for node in lambdas if _first_line(node) <= first_line <= _last_line(node)]
    if len(spanning) == 1:
        return None
    if not spanning:
        return ('could not parse the source code of %s: no matching AST found among candidates:\n%s'
                % (fn, '\n'.join('# coding=utf-8\n' + ast.unparse(node).strip() for node in lambdas)))
    matches = [node for node in spanning if _same_arguments(node.args, fn)]
    if len(matches) == 1:
        return None
    listed = '\n'.join('Match %d:\n%s\n' % (i, ast.unparse(node).strip()) for i, node in enumerate(matches))
    return ('could not parse the source code of %s: found multiple definitions with identical signatures at the '
            'location. This error may be avoided by defining each lambda on a single line and with unique '
            'argument names. The matching definitions were:\n%s' % (fn, listed))


def _statements(filename, lines):
    """The module-level statements of a source file (parsed once per version of its lines)."""
    cached = _PARSED.get(filename)
    if cached is not None and cached[0] is lines:
        return cached[1]
    try:
        statements = ast.parse(''.join(lines)).body
    except (SyntaxError, ValueError):
        statements = []
    _PARSED[filename] = (lines, statements)
    return statements


def _first_line(node):
    return min(getattr(n, 'lineno', sys.maxsize) for n in ast.walk(node))


def _last_line(node):
    return max(getattr(n, 'end_lineno', None) or getattr(n, 'lineno', 0) for n in ast.walk(node))


def _same_arguments(arguments, fn):
    """Whether a lambda node's parameters are ``fn``'s (names, *args, **kwargs, keyword-only names)."""
    spec = inspect.getfullargspec(fn)
    return ([a.arg for a in arguments.args] == spec.args
            and (arguments.vararg.arg if arguments.vararg else None) == spec.varargs
            and (arguments.kwarg.arg if arguments.kwarg else None) == spec.varkw
            and [a.arg for a in arguments.kwonlyargs] == spec.kwonlyargs)


def converted_name(fn):
    """The name AutoGraph's converted copy of ``fn`` carries in Python's own errors (``tf__f``, or
    ``<lambda>``), or None where AutoGraph runs ``fn`` as it is (do_not_convert, a lambda it could not
    single out, anything but a plain function)."""
    if type(fn) is not types.FunctionType or getattr(fn, 'autograph_do_not_convert', False) or fn in _WARNED:
        return None
    return '<lambda>' if fn.__name__ == '<lambda>' else 'tf__' + fn.__name__
