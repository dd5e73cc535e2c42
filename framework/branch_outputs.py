"""What the two branches of a tensor ``if`` leave in its outputs, checked as TF 2.21's AutoGraph checks them.

AutoGraph turns ``if tensor:`` into tf.cond, whose outputs are the variables the branches assign and the
code after reads, and, where a branch returns, the function's return value ``retval_`` (its return
converter moves the rest of the block into the else branch of an ``if`` whose body always returns).
Tracing both branches, TF raises (control_flow.py's _verify_tf_cond_branch_vars / verify_single_cond_var):

- ``ValueError: the else branch must also have a return statement.`` (or ``main``) where one branch always
  returns and the other has no return (``if x > 0: return x * 2`` at the end of the function); the main
  branch, traced first, is refused where it has no return and the else branch has any, even under a
  nested ``if`` (untaken_branch_checks.py checks those nested in the branch tapeflow does not run);
- ``ValueError: 'y' is None at the end of the else branch.`` (``y = None; if x > 0: y = x; return y``);
- ``TypeError: 'y' has dtype float32 in the main branch, but dtype int32 in the else branch`` (``y = 0;
  if x > 0: y = x``; Python numbers count as the tensors they convert to; ``'retval_'`` for two returns).

tapeflow runs the taken branch only, so assert_statements.truth asks here at the test, before either
branch runs, and the values are found without running them: a name a branch does not assign keeps its
value from before the ``if``; a branch's ``y = None`` / ``y = 2`` / ``y = x`` / ``y = -x * 2.0`` (Python
operators over names it does not assign and numbers) gives that value's dtype. Where a branch assigns
otherwise, or returns in more than one place, its output is not checked (its dtype is not known here).
"""
import ast

from . import branch_structures
from .branch_definitions import read_later, one_line_ifs, stores, walk_statements
from .code_source import scanned

_UNKNOWN = object()
_NONE = 'None'      # (a branch value that is None; others are dtype names)


def refusal(frame):
    """TensorFlow's error for the tensor ``if`` at ``frame``'s line, or None."""
    return refusal_at(frame.f_code, frame.f_lineno, dict(frame.f_globals, **frame.f_locals))


def refusal_at(code, line, names):
    """TensorFlow's error for the tensor ``if`` of ``code`` at ``line`` where ``names`` hold what the branches'
    values are made of (a name left out: not known, not checked), or None."""
    entry = scanned(code, _scan, {}).get(line)
    if entry is None:
        return None
    missing, outputs, flagged = entry
    if flagged is not None:     # AutoGraph traces only the branch an `if flag:` on a Python value picks
        missing = _missing(*(_picked(block, names) for block in flagged))
    if missing is not None:
        return ValueError('the %s branch must also have a return statement.' % missing)
    for name, main, other in outputs:
        error = branch_structures.refusal(name, main, other, names)
        if error is not None:
            return error
        values = [_dtype_of(expression, names) for expression in (main, other)]
        if values[0] is _NONE:
            return ValueError("'%s' is None at the end of the main branch." % name)
        if values[1] is _NONE:
            return ValueError("'%s' is None at the end of the else branch." % name)
        if _UNKNOWN not in values and None not in values and values[0] != values[1]:
            return TypeError("'%s' has dtype %s in the main branch, but dtype %s in the else branch"
                             % (name, values[0], values[1]))
    return None


def _scan(tree, offset):
    """{line of an ``if``'s one-line test: (the branch that lacks a return or None, [(output name, what the
    main branch leaves in it, what the else branch leaves), ...] in AutoGraph's order)}."""
    table = {}
    # (not into loops: a return there is refused on its own, tensor_loop_returns.py)
    for node, after in one_line_ifs(tree, into_loops=False):
        main, other, merged = autograph_branches(node, after[0])
        followers = after[1:] if merged else after
        missing = _missing(main, other)
        main_returns, other_returns = _always_returns(main), _always_returns(other)
        flagged = (main, other) if any(isinstance(n, ast.If) and isinstance(n.test, ast.Name)
                                       for n in main + other) else None
        outputs = []
        for name in sorted(n for n in stores(main) | stores(other) if read_later(n, followers)):
            outputs.append((name, _assigned(main, name), _assigned(other, name)))
        if main_returns and other_returns:
            outputs.append(('retval_', _returned(main), _returned(other)))
            outputs.sort(key=lambda output: output[0])
        if missing is not None or outputs or flagged is not None:
            table[node.lineno + offset] = (missing, outputs, flagged)
    return table


def _missing(main, other):
    """The branch whose lack of a return TF refuses ('else' / 'main'), or None."""
    if _always_returns(main) and not _always_returns(other) and not _has_return(other):
        return 'else'
    if _has_return(other) and not _has_return(main):
        # (the main branch is traced and checked first: a return the else branch makes only under a
        # nested if already makes retval_ an output that the main branch leaves undefined)
        return 'main'
    return None


def _picked(block, names):
    """``block`` with each ``if flag:`` on a Python value (not a tensor) replaced by the branch it takes."""
    statements = []
    for node in block:
        value = names.get(node.test.id, _UNKNOWN) if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
            else _UNKNOWN
        if value is _UNKNOWN or _tensor_dtype(value) is not None:
            statements.append(node)
            continue
        try:
            statements.extend(_picked(node.body if value else node.orelse, names))
        except Exception:       # (a value without a truth of its own)
            statements.append(node)
    return statements


def autograph_branches(node, rest):
    """(main, else, whether the rest of the block joined one): AutoGraph's return converter moves what
    follows an ``if`` into its else branch when the body always returns (and into the body when the
    else branch does)."""
    if _always_returns(node.body):
        return node.body, node.orelse + rest, bool(rest)
    if node.orelse and _always_returns(node.orelse):
        return node.body + rest, node.orelse, bool(rest)
    return node.body, node.orelse, False


def _always_returns(block):
    for index, node in enumerate(block):
        if isinstance(node, ast.Return):
            return True
        if isinstance(node, ast.If):
            main, other, _ = autograph_branches(node, block[index + 1:])
            if _always_returns(main) and _always_returns(other):
                return True
        if isinstance(node, (ast.With, ast.AsyncWith)) and _always_returns(node.body):
            return True
    return False


def _has_return(block):
    return any(isinstance(node, ast.Return) for node in walk_statements(block))


def _assigned(block, name):
    """What the branch leaves in ``name``: the expression of its one plain assignment (``ast.Name(name)``
    itself where it assigns none, the value from before the ``if``), or _UNKNOWN."""
    found = [node for node in walk_statements(block) if isinstance(node, ast.Name) and node.id == name
             and isinstance(node.ctx, ast.Store)]
    if not found:
        return ast.Name(name, ast.Load())
    if len(found) > 1:
        return _UNKNOWN
    for statement in block:     # (only a top-level plain assignment of the branch)
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and statement.targets[0] is found[0]:
            return _plain(statement.value, stores(block))
    return _UNKNOWN


def _returned(block):
    """The expression of the branch's one return, the last statement of it, or _UNKNOWN."""
    returns = [node for node in walk_statements(block) if isinstance(node, ast.Return)]
    if len(returns) != 1 or block[-1] is not returns[0]:
        return _UNKNOWN
    value = returns[0].value
    return ast.Constant(None) if value is None else _plain(value, stores(block))


_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.USub)


def _plain(node, assigned):
    """``node`` where it is a constant, a name the branch does not assign, Python operators over those,
    ``tf.constant(<number>[, dtype])`` or ``tf.cast(<such an expression>, tf.<dtype>)`` (also as an operand);
    else _UNKNOWN."""
    if _constant_call(node):
        return node
    return node if _plain_part(node, assigned) else _UNKNOWN


def _plain_part(node, assigned):
    if _cast_call(node):
        return _plain(node.args[0], assigned) is not _UNKNOWN
    if isinstance(node, ast.Name):
        return node.id not in assigned
    if isinstance(node, (ast.BinOp, ast.UnaryOp)):
        return isinstance(node.op, _OPERATORS) and all(
            _plain_part(part, assigned) for part in ([node.operand] if isinstance(node, ast.UnaryOp)
                                                      else [node.left, node.right]))
    if isinstance(node, (ast.Tuple, ast.List)):
        return all(_plain_part(part, assigned) for part in node.elts)
    if isinstance(node, ast.Dict):
        return all(part is not None and _plain_part(part, assigned) for part in node.keys + node.values)
    return isinstance(node, ast.Constant)


def _dtype_of(node, names):
    """_NONE, the dtype name the branch's value converts to, None (not a tensor nor a Python scalar:
    not compared), or _UNKNOWN."""
    if node is _UNKNOWN:
        return _UNKNOWN
    if isinstance(node, (ast.Tuple, ast.List, ast.Dict)):
        return None         # (a structure: _structure_refusal compares it)
    if isinstance(node, ast.Call):
        return _cast_dtype(node, names) if _cast_call(node) else _constant_call_dtype(node, names)
    if isinstance(node, ast.Constant):
        return _NONE if node.value is None else _python_dtype(node.value)
    if isinstance(node, ast.Name):
        if node.id not in names:
            return _UNKNOWN
        value = names[node.id]
        if value is None:
            return _NONE
        return _python_dtype(value) if type(value) in (bool, int, float, str) else _tensor_dtype(value)
    operands = [node.operand] if isinstance(node, ast.UnaryOp) else [node.left, node.right]
    kinds = [_dtype_of(operand, names) for operand in operands]
    if _UNKNOWN in kinds or None in kinds or _NONE in kinds or 'string' in kinds:
        return _UNKNOWN
    tensors = [kind for operand, kind in zip(operands, kinds) if _is_tensor(operand, names)]
    if tensors:
        return tensors[0]       # (a tensor's operators keep its dtype; a Python number takes it)
    # Python numbers only: the type Python's arithmetic gives (/ makes a float, bool and int an int)
    if isinstance(getattr(node, 'op', None), ast.Div) or 'float32' in kinds:
        return 'float32'
    return 'int32'


def _constant_call(node):
    """Whether ``node`` is ``<name>.constant(<number or bool>)``, with at most a ``dtype`` of ``<name>.<attr>``
    (by keyword or second)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == 'constant'
            and isinstance(node.func.value, ast.Name) and len(node.args) in (1, 2)
            and isinstance(node.args[0], ast.Constant) and type(node.args[0].value) in (bool, int, float)):
        return False
    dtypes = [k.value for k in node.keywords if k.arg == 'dtype'] + node.args[1:]
    return len(dtypes) == len(node.keywords) + len(node.args) - 1 <= 1 and all(
        isinstance(d, ast.Attribute) and isinstance(d.value, ast.Name) for d in dtypes)


def _constant_call_dtype(node, names):
    """The dtype name of ``tf.constant(<number>[, dtype=tf.<dtype>])`` where ``tf`` is this framework."""
    import framework        # (late: the package imports this module's users)
    module = names.get(node.func.value.id)
    if getattr(module, 'constant', None) is not framework.constant:
        return _UNKNOWN
    given = node.keywords[0].value if node.keywords else node.args[1] if len(node.args) > 1 else None
    if given is not None:
        dtype = getattr(names.get(given.value.id), given.attr, None)
        return getattr(dtype, 'name', _UNKNOWN)
    return _python_dtype(node.args[0].value)


def _cast_call(node):
    """Whether ``node`` is ``<name>.cast(<value>, <name>.<dtype>)`` (the dtype second or by keyword)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == 'cast'
            and isinstance(node.func.value, ast.Name) and node.args):
        return False
    dtypes = node.args[1:] + [k.value for k in node.keywords if k.arg == 'dtype']
    return len(dtypes) == 1 and len(node.args) + len(node.keywords) == 2 and \
        isinstance(dtypes[0], ast.Attribute) and isinstance(dtypes[0].value, ast.Name)


def _cast_dtype(node, names):
    """The dtype name of ``tf.cast(value, tf.<dtype>)`` where ``tf`` is this framework (a tensor of it)."""
    import framework        # (late: the package imports this module's users)
    if getattr(names.get(node.func.value.id), 'cast', None) is not framework.cast:
        return _UNKNOWN
    given = node.args[1] if len(node.args) > 1 else node.keywords[0].value
    return getattr(getattr(names.get(given.value.id), given.attr, None), 'name', _UNKNOWN)


def _is_tensor(node, names):
    if _cast_call(node):
        return True
    if isinstance(node, ast.Name):
        return _tensor_dtype(names.get(node.id)) is not None
    if isinstance(node, (ast.BinOp, ast.UnaryOp)):
        return any(_is_tensor(part, names) for part in ast.iter_child_nodes(node))
    return False


def _python_dtype(value):
    """The dtype TF's convert_to_tensor gives a Python scalar."""
    if type(value) is bool:
        return 'bool'
    if type(value) is int:
        return 'int32' if -2 ** 31 <= value < 2 ** 31 else 'int64'
    if type(value) is float:
        return 'float32'
    if type(value) is str:      # (a Python string converts to a tf.string tensor; bytes: not measured)
        return 'string'
    return None


def _tensor_dtype(value):
    from .tensor import Tensor      # (late: tensor's truth test leads here)
    from .variable import Variable
    if isinstance(value, (Tensor, Variable)):
        return value.dtype.name
    return None
