"""The prints of a tensor ``if``'s untaken branch in a tf.function, shown as AutoGraph's trace shows them.

AutoGraph turns ``if tensor:`` into tf.cond and traces both branches, the main one first: a Python
``print`` in either shows once while tracing, whatever the condition's value (the tf.function guide's
fizzbuzz prints 'Tracing fizzbuzz branch', 'Tracing fizz branch', 'Tracing buzz branch' and 'Tracing
default branch' for n = 5). tapeflow runs the Python itself, on real values, so only the taken branch
runs. assert_statements.truth calls ``trace`` with the condition's value, and the untaken branch's
prints then show where TensorFlow's trace shows them: a main branch's before the else branch runs, an
else branch's once the main branch is done (frame_lines.py), unless an error stopped it.

Only prints of constants (strings, numbers, f-strings without fields) and of names show, a name as it
was when the ``if`` ran (a tensor as its graph tensor), and a tensor's ``.shape`` / ``.dtype`` (the traced
shape); the rest of the branch's Python is left out:
running it could change state the program reads. Where the branch assigns a name the Python operators of
tensors and numbers (``y = -x * 3.0``, ``z += 1.0``: no calls, no effects), the untaken branch of a cond
computes it, named in the branch's own graph below the cond ('cond/Neg', 'cond/mul', TF 2.21); a name the
branch assigns otherwise is not printed (not its value from before the branch). A nested ``if`` (an ``elif`` chain's too) shows both
its branches' prints where its test reads a tensor, as AutoGraph nests the conds, and the branch that
an ``if flag:`` on a Python value picks. Only an ``if`` statement with a plain test on one line counts
(no ``and`` / ``or`` / ``not`` / conditional expression: those call ``__bool__`` more than once).
traced_while_loops.py shows a while body that runs no turn the same way.
"""
import ast

import operator

from . import dtypes, frame_lines, trace_names
from .graph_scopes import GraphScopes
from .tensor_shape import TensorShape
from .code_source import function_body, scanned

_OTHER_CONVERSIONS = (ast.BoolOp, ast.IfExp, ast.Lambda, ast.NamedExpr)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def trace(frame, taken, scope=None):
    """Show the prints of the branch that the ``if`` at ``frame``'s line does not take (``taken``: the
    condition's value), where AutoGraph's trace of both branches shows them (``scope``: the cond's name,
    traced_cond_names.cond_scope, that the branch's computed tensors are named below; None: not computed)."""
    entry = scanned(frame.f_code, _scan, {}).get(frame.f_lineno)
    if entry is None:
        return
    main, other, first, last = entry
    if not taken:
        show(main, frame, scope=scope)     # AutoGraph traces the main branch before the else branch that runs now
    elif other:
        # the else branch sees the names as they are now, before the main branch assigns any
        names = dict(frame.f_globals, **frame.f_locals)
        frame_lines.when_leaving(frame, first, last, lambda finished: finished and show(other, frame, names, scope))


def show(items, frame, names=None, scope=None):
    """Print the prints among ``items`` (``names``: what the names they print hold, by default the frame's
    now), and those of the branches of a nested ``if`` that the trace runs (``_traced_branches``); with a
    cond's ``scope``, the branch's assignments of tensor arithmetic are computed in a graph of its own."""
    names = dict(frame.f_globals, **frame.f_locals) if names is None else dict(names)
    graph = GraphScopes() if scope is not None else None
    for item in items:
        if item[0] == 'assign':
            names[item[1]] = _computed(item[2], names, graph, scope) if graph is not None else _NOT_CONSTANT
        elif item[0] == 'print':
            values = [_computed(v, names, graph, scope) if type(v) in (ast.BinOp, ast.UnaryOp) else _value(v, names)
                      for v in item[1]]
            if any(v is _NOT_CONSTANT for v in values):
                continue        # a name not bound yet: the print is left out
            text = _text(values, item[2], item[3])
            if text is not None:
                print(text, end='')
        else:
            for index in _traced_branches(item, names):
                show(item[index], frame, names)


def _value(node, names):
    """What a print's argument shows: a constant as itself, a name as what it holds, ``name.shape`` /
    ``name.dtype`` of a tensor as the trace's graph tensor has them (the traced shape, None where the trace
    leaves a length open); _NOT_CONSTANT where the name is not bound."""
    if type(node) is ast.Name:
        return names.get(node.id, _NOT_CONSTANT)
    if type(node) is ast.Attribute:
        from .tensor import Tensor      # (late: tensor's truth test imports this module's user)
        value = names.get(node.value.id, _NOT_CONSTANT)
        if not isinstance(value, Tensor):
            return _NOT_CONSTANT        # (another object's attribute may be a property with effects)
        if node.attr == 'dtype':
            return value.dtype
        entry = trace_names.entry_of(value)
        return TensorShape(entry[1] if entry is not None else value._data.shape)
    return node


# the Python operators AutoGraph leaves as they are: their ops' names (the operator's name scope)
_OPERATORS = {ast.Add: (operator.add, 'add'), ast.Sub: (operator.sub, 'sub'), ast.Mult: (operator.mul, 'mul'),
              ast.Div: (operator.truediv, 'truediv'), ast.FloorDiv: (operator.floordiv, 'floordiv'),
              ast.Mod: (operator.mod, 'mod'), ast.Pow: (operator.pow, 'pow'), ast.USub: (operator.neg, 'Neg')}


def _computed(node, names, graph, scope):
    """The value of the arithmetic ``node`` (an ``_arithmetic`` expression, or None) over ``names``, each tensor
    it makes named in the branch ``graph`` below ``scope``; _NOT_CONSTANT where it cannot be computed here."""
    if node is None or graph is None:
        return _NOT_CONSTANT
    try:
        return _evaluate(node, names, graph, scope)
    except Exception:       # (a name unbound or not a plain tensor / number, or the op's own error)
        return _NOT_CONSTANT


def _evaluate(node, names, graph, scope):
    from .tensor import Tensor      # (late: tensor's truth test imports this module's user)
    from .traced_op_shapes import output_shape      # (late: it imports tensor)
    if type(node) is ast.Constant:
        return node.value
    if type(node) is ast.Name:
        value = names.get(node.id, _NOT_CONSTANT)
        if type(value) is not Tensor and type(value) not in (int, float):
            raise LookupError(node.id)      # (a variable's operators read it first: other ops)
        return value
    function, name = _OPERATORS[type(node.op)]
    if type(node) is ast.UnaryOp:
        parameters = {'x': _evaluate(node.operand, names, graph, scope)}
        result, rule = function(parameters['x']), 'same'
    else:
        parameters = {'x': _evaluate(node.left, names, graph, scope), 'y': _evaluate(node.right, names, graph, scope)}
        result, rule = function(parameters['x'], parameters['y']), 'broadcast'
    if type(result) is Tensor and trace_names.entry_of(result) is None:
        trace = trace_names.current()
        trace.name_output(result, scope + '/' + graph.unique(name), output_shape(rule, parameters, result, trace),
                          dtypes.display_name(result._data.dtype))
    return result


def _arithmetic(node):
    """Whether ``node`` is Python operators over names and numbers only (nothing a call could change)."""
    if type(node) is ast.Constant:
        return type(node.value) in (int, float)
    if type(node) is ast.Name:
        return True
    if type(node) is ast.UnaryOp:
        return type(node.op) in _OPERATORS and _arithmetic(node.operand)
    return type(node) is ast.BinOp and type(node.op) in _OPERATORS and _arithmetic(node.left) and \
        _arithmetic(node.right)


def _text(values, sep, end):
    """What ``print(*values, sep=sep, end=end)`` writes, or None where a value's str() fails (the print is
    then left out: this output is TensorFlow's trace's, which a failing print in it would have stopped)."""
    try:
        return sep.join(map(str, values)) + end
    except Exception:
        return None


def _traced_branches(item, names):
    """Which branches of a nested ``if`` item AutoGraph's trace runs: both for a tensor test; for ``if
    name:`` on a Python value, the one it picks; else none (the value is not known)."""
    from .tensor import Tensor      # (late: tensor's truth test imports this module's user)
    from .variable import Variable
    _, read, _, _, bare = item
    if any(isinstance(names.get(name), (Tensor, Variable)) for name in read):
        return (2, 3)
    if bare is not None and bare in names:
        try:
            return (2,) if names[bare] else (3,)
        except Exception:       # (a value without a truth of its own)
            return ()
    return ()


def _scan(tree, offset):
    """{line of an ``if``'s plain test: (main branch's items, else branch's items, first and last line of
    the main branch)} for the ``if`` statements of the function's own code (see ``block_items``)."""
    body = function_body(tree)
    if body is None:
        return {}
    table = {}
    for node, rest in _statements(body):
        if isinstance(node, ast.If) and _plain_test(node.test):
            main, other = block_items(node.body), block_items(node.orelse)
            if not node.orelse and isinstance(node.body[-1], ast.Continue):
                other = block_items(rest)   # autograph makes the rest of the loop body this if's else branch
            if main or other:
                table[node.test.lineno + offset] = (main, other, node.body[0].lineno + offset,
                                                    node.body[-1].end_lineno + offset)
    return table


def _plain_test(test):
    """A test on one line that calls ``__bool__`` once, on the value the branch follows (no ``and`` / ``or``
    / ``not`` / conditional expression: AutoGraph converts those otherwise)."""
    return test.lineno == test.end_lineno and not any(
        isinstance(part, _OTHER_CONVERSIONS) or (isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not))
        for part in ast.walk(test))


def _statements(block):
    """(statement, the statements after it in its block) for every statement in ``block`` and the blocks
    nested in it, not entering functions or classes."""
    stack = [(node, block[i + 1:]) for i, node in reversed(list(enumerate(block)))]
    while stack:
        node, rest = stack.pop()
        yield node, rest
        if isinstance(node, _SCOPES):
            continue
        for field in ('handlers', 'finalbody', 'orelse', 'body'):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                stack.extend((n, inner[i + 1:]) for i, n in reversed(list(enumerate(inner))))


def block_items(block):
    """What a branch's trace may show, in order: ('print', values, sep, end) for a print of constants (its
    own, or in a ``with`` body), and ('if', the names its test reads, main items, else items, the name that
    is the whole test or None) for a nested ``if`` (an ``elif`` too), whose branches show or not by what
    those names hold then (``_traced_branches``), and ('assign', name, the arithmetic it is given or None)
    for each name a statement assigns (None: another statement, or an expression of calls)."""
    found = []
    for node in block:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and type(node.targets[0]) is ast.Name:
            found.append(('assign', node.targets[0].id, node.value if _arithmetic(node.value) else None))
            continue
        if isinstance(node, ast.AugAssign) and type(node.target) is ast.Name:
            value = ast.BinOp(ast.Name(node.target.id, ast.Load()), node.op, node.value)
            found.append(('assign', node.target.id, value if _arithmetic(value) else None))
            continue
        if isinstance(node, ast.Expr):
            shown = _constant_print(node.value)
            if shown is not None:
                found.append(('print',) + shown)
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            found.extend(block_items(node.body))
        elif isinstance(node, ast.If) and _plain_test(node.test):
            main, other = block_items(node.body), block_items(node.orelse)
            if main or other:
                names = frozenset(n.id for n in ast.walk(node.test) if isinstance(n, ast.Name))
                bare = node.test.id if isinstance(node.test, ast.Name) else None
                found.append(('if', names, main, other, bare))
        if not isinstance(node, (ast.If, ast.With, ast.AsyncWith)):
            found.extend(('assign', name, None) for name in _stored(node))
    return tuple(found)


def _stored(node):
    """The names a statement binds (a ``for`` target, a tuple assignment, ...), not entering functions."""
    if isinstance(node, _SCOPES):
        return [node.name] if hasattr(node, 'name') else []
    return sorted({n.id for n in ast.walk(node) if type(n) is ast.Name and type(n.ctx) is ast.Store})


def _constant_print(call):
    """(values, sep, end) of ``print(...)`` whose arguments are constants or names (an ast.Name, looked up
    when shown: a tensor prints as its graph tensor), or None."""
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == 'print'):
        return None
    values = [_constant(arg) for arg in call.args]
    options = {'sep': ' ', 'end': '\n'}
    for keyword in call.keywords:
        if keyword.arg not in options:
            return None
        options[keyword.arg] = _constant(keyword.value)
    if any(v is _NOT_CONSTANT for v in values) or any(type(v) is not str for v in options.values()):
        return None
    return tuple(values), options['sep'], options['end']


_NOT_CONSTANT = object()


def _constant(node):
    if isinstance(node, ast.Name) or (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                                      and node.attr in ('shape', 'dtype')):
        return node
    if isinstance(node, ast.Constant) and not isinstance(node.value, bytes):
        return node.value
    if type(node) in (ast.BinOp, ast.UnaryOp) and _arithmetic(node):
        return node         # (computed where shown, in a cond's branch only)
    if isinstance(node, ast.JoinedStr) and all(isinstance(part, ast.Constant) for part in node.values):
        return ''.join(part.value for part in node.values)
    return _NOT_CONSTANT
