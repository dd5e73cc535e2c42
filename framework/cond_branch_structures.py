"""What the untaken branch of a traced tf.cond returns, checked against the taken one's as TF 2.21's cond_v2 does.

TensorFlow traces both branch functions of a tf.cond in a tf.function and refuses branches that return
different things, whatever the predicate (cond_v2._make_indexed_slices_indices_types_match, then
_check_same_outputs):

- ``AssertionError: [2, 1]``: the flattened outputs (None kept) differ in number (``(x, x)`` / ``x``);
- ``TypeError: true_fn and false_fn arguments to tf.cond must have the same number, type, and overall
  structure of return values.`` with both outputs and nest's words (``[x, x]`` / ``(x, x)``, dict keys);
- ``ValueError: Lengths of branch outputs of cond must match.`` where only one has a None (``x`` / ``None``);
- the same TypeError ending "<a> and <b> have different types" for dtypes (``x`` / ``tf.constant(1)``).

Each branch's outputs are its graph's Identity tensors ('cond/Identity:0', 'cond/Identity_1:0', ...), a
Python number a tensor. tapeflow runs only the taken branch, so the other's return is read from its source:
a lambda's expression or a function's one final ``return``, made of None, numbers, names (a tensor, a
number, None), ``tf.constant(<number>[, dtype])``, Python operators over those, and tuples, lists and
dicts of them. Anything else leaves the cond unchecked.
"""
import ast
import dis
import inspect

from . import nest
from .branch_outputs import _NONE, _UNKNOWN as _NOT_PLAIN, _cast_call, _dtype_of, _plain, _python_dtype
from .code_source import function_body, function_names, scanned
from .concrete_function import GraphOutput

_UNKNOWN = object()


class SymbolicTensor(GraphOutput):
    """A branch graph's output (nest's messages name its type: TF's SymbolicTensor)."""


def refusal(taken_result, untaken_fn, take, scope):
    """TensorFlow's error for a cond named ``scope`` whose branch ``untaken_fn`` returns otherwise than the
    taken one did (``taken_result``; ``take``: whether that was true_fn), or None."""
    leaves = _untaken_leaves(untaken_fn)
    if leaves is _UNKNOWN:
        return None
    taken = _graph_outputs(taken_result, scope)
    if taken is _UNKNOWN:
        return None
    true_out, false_out = (taken, leaves(scope)) if take else (leaves(scope), taken)
    counts = [len(nest.flatten(true_out)), len(nest.flatten(false_out))]
    if counts[0] != counts[1]:
        return AssertionError(counts)
    from .nest_compare import assert_same_structure
    try:
        assert_same_structure(true_out, false_out)
    except (ValueError, TypeError) as error:
        return _mismatch(true_out, false_out, str(error))
    tensors = [[t for t in nest.flatten(out) if t is not None] for out in (true_out, false_out)]
    if len(tensors[0]) != len(tensors[1]):
        return ValueError('Lengths of branch outputs of cond must match.\nlen(graphs[0].outputs): %d\n'
                          'len(graphs[1].outputs): %d\n' % (len(tensors[0]), len(tensors[1])))
    for a, b in zip(*tensors):
        if a.dtype != b.dtype:
            return _mismatch(true_out, false_out, '%s and %s have different types' % (a, b))
    return None


def switch_refusal(fns, index, taken_result, scope):
    """TensorFlow's error for a tf.switch_case named ``scope`` (its branch graphs' outputs are
    'switch_case/indexed_case/Identity:0', ...) whose branch ``fns[i]`` returns otherwise than branches[0]
    (cond_v2._check_same_outputs, in branch order), ``fns[index]`` having returned ``taken_result``; None
    where they agree or a branch's return cannot be read from its source."""
    scope += '/indexed_case'
    outputs = []
    for i, fn in enumerate(fns):
        leaves = _untaken_leaves(fn) if i != index else None
        out = _graph_outputs(taken_result, scope) if i == index else \
            _UNKNOWN if leaves is _UNKNOWN else leaves(scope)
        if out is _UNKNOWN:
            return None
        outputs.append(out)
    counts = [len(nest.flatten(out)) for out in outputs]
    if len(set(counts)) > 1:
        return AssertionError(counts)
    from .nest_compare import assert_same_structure
    for b in range(1, len(outputs)):
        try:
            assert_same_structure(outputs[0], outputs[b])
        except (ValueError, TypeError) as error:
            return _mismatch(outputs[0], outputs[b], str(error), b)
        for x, y in zip(*([t for t in nest.flatten(out) if t is not None] for out in (outputs[0], outputs[b]))):
            if x.dtype != y.dtype:
                return _mismatch(outputs[0], outputs[b], '%s and %s have different types' % (x, y), b)
    return None


def _mismatch(true_out, false_out, detail, branch=None):
    """cond_v2's TypeError: tf.cond's true_fn / false_fn, or tf.switch_case's branches[0] / branches[``branch``]."""
    if branch is not None:
        return TypeError('branches[0] and branches[%d] arguments to tf.switch_case must have the same number, type, '
                         'and overall structure of return values.\n\nbranches[0] output: %s\nbranches[%d] output: '
                         '%s\n\nError details:\n%s' % (branch, true_out, branch, false_out, detail))

    return TypeError('true_fn and false_fn arguments to tf.cond must have the same number, type, and overall '
                     'structure of return values.\n\ntrue_fn output: %s\nfalse_fn output: %s\n\nError details:\n%s'
                     % (true_out, false_out, detail))


def _graph_outputs(result, scope):
    """``result`` with each tensor or number as the branch graph's Identity output; _UNKNOWN for other leaves."""
    from .tensor import Tensor      # (late: tensor's truth test leads here)
    from . import dtypes, trace_names
    from .tensor_shape import TensorShape
    flat = nest.flatten(result)
    outputs, count = [], 0
    for leaf in flat:
        if leaf is None:
            outputs.append(None)
            continue
        if isinstance(leaf, Tensor):
            entry = trace_names.entry_of(leaf)
            shape, dtype = (entry[1] if entry is not None else tuple(leaf._data.shape)), leaf.dtype
        elif type(leaf) in (bool, int, float):
            shape, dtype = (), dtypes.as_dtype(_python_dtype(leaf))
        else:
            return _UNKNOWN
        outputs.append(_output(scope, count, TensorShape(shape), dtype))
        count += 1
    return nest.pack_sequence_as(result, outputs)


def _output(scope, index, shape, dtype):
    return SymbolicTensor('%s/Identity%s:0' % (scope, '_%d' % index if index else ''), shape, dtype)


def _untaken_leaves(fn):
    """A function of the cond's scope giving the untaken branch's outputs, or _UNKNOWN."""
    code = getattr(fn, '__code__', None)
    if code is None:
        return _UNKNOWN
    returned = _lambda_body(code) if code.co_name == '<lambda>' else scanned(code, _returned_expression, _UNKNOWN)
    if returned is _UNKNOWN:
        return _UNKNOWN
    names = function_names(fn)
    described = _describe(returned, names)
    if described is _UNKNOWN or any(leaf is _UNKNOWN for leaf in nest.flatten(described)):
        return _UNKNOWN

    def leaves(scope):
        count = iter(range(1 << 30))
        return nest.map_structure(lambda leaf: None if leaf is None else
                                  _output(scope, next(count), leaf.shape, leaf.dtype), described)
    return leaves


class _Leaf:
    """A tensor the untaken branch returns: its shape and dtype."""
    __slots__ = ('shape', 'dtype')

    def __init__(self, shape, dtype):
        self.shape, self.dtype = shape, dtype


_LAMBDAS = {}      # a lambda's code -> its body's expression, or _UNKNOWN


def _lambda_body(code):
    """The expression of a lambda's body, found among the lambdas of its source lines by the column of
    its first instruction (the lines are parsed undented, so columns stay the file's)."""
    found = _LAMBDAS.get(code)
    if found is None:
        found = _LAMBDAS[code] = _find_lambda_body(code)
    return found


def _find_lambda_body(code):
    position = next((i.positions for i in dis.get_instructions(code)
                     if i.positions is not None and i.positions.col_offset and i.positions.lineno), None)
    try:
        lines, first = inspect.getsourcelines(code)
        indented = lines[0][:1].isspace()
        tree = ast.parse(('if 1:\n' if indented else '') + ''.join(lines))
    except (OSError, TypeError, SyntaxError, IndentationError):
        return _UNKNOWN
    if position is None:
        return _UNKNOWN
    offset = first - 1 - indented
    spot = (position.lineno, position.col_offset)
    holding = [n.body for n in ast.walk(tree) if isinstance(n, ast.Lambda)
               and (n.body.lineno + offset, n.body.col_offset) <= spot <= (n.body.end_lineno + offset,
                                                                           n.body.end_col_offset)]
    # the innermost lambda whose body holds the instruction (a lambda inside another's body)
    return min(holding, key=lambda body: (body.end_lineno - body.lineno, body.end_col_offset - body.col_offset),
               default=_UNKNOWN)


def _returned_expression(tree, offset):
    """A function's one return's value, its last statement (None for a bare return), or _UNKNOWN."""
    body = function_body(tree)
    if body is None:
        return _UNKNOWN
    returns = [n for n in ast.walk(tree.body[0]) if isinstance(n, ast.Return)]
    if len(returns) == 1 and returns[0] is body[-1]:
        return body[-1].value if body[-1].value is not None else ast.Constant(None)
    return _UNKNOWN


def _describe(node, names):
    """The structure of (shape, dtype) leaves and None that ``node`` makes, or _UNKNOWN."""
    from . import dtypes
    from .tensor_shape import TensorShape
    if isinstance(node, (ast.Tuple, ast.List)):
        parts = [_describe(n, names) for n in node.elts]
        return _UNKNOWN if _UNKNOWN in parts else (tuple(parts) if isinstance(node, ast.Tuple) else parts)
    if isinstance(node, ast.Dict):
        if not all(isinstance(k, ast.Constant) for k in node.keys):
            return _UNKNOWN
        parts = [_describe(v, names) for v in node.values]
        return _UNKNOWN if _UNKNOWN in parts else {k.value: v for k, v in zip(node.keys, parts)}
    if isinstance(node, ast.Constant) and node.value is None:
        return None
    if isinstance(node, ast.Name) and names.get(node.id, _UNKNOWN) is None:
        return None
    if _plain(node, ()) is _NOT_PLAIN:     # (numbers, names, tf.constant of a number, Python operators)
        return _UNKNOWN
    dtype = _dtype_of(node, names)
    shape = _shape_of(node, names)
    if not isinstance(dtype, str) or dtype == _NONE or shape is _UNKNOWN:
        return _UNKNOWN
    return _Leaf(TensorShape(shape), dtypes.as_dtype(dtype))


def _shape_of(node, names):
    """The traced shape of a constant, a name's tensor or Python operators over them (broadcast), or _UNKNOWN."""
    from .tensor import Tensor
    from . import trace_names
    if isinstance(node, ast.Call) and _cast_call(node):
        return _shape_of(node.args[0], names)      # (tf.cast keeps its operand's shape)
    if isinstance(node, (ast.Constant, ast.Call)):
        return ()
    if isinstance(node, ast.Name):
        value = names.get(node.id, _UNKNOWN)
        if type(value) in (bool, int, float):
            return ()
        if not isinstance(value, Tensor):
            return _UNKNOWN
        entry = trace_names.entry_of(value)
        return entry[1] if entry is not None else tuple(value._data.shape)
    operands = [node.operand] if isinstance(node, ast.UnaryOp) else [node.left, node.right] \
        if isinstance(node, ast.BinOp) else None
    if operands is None:
        return _UNKNOWN
    shapes = [_shape_of(n, names) for n in operands]
    if _UNKNOWN in shapes or None in shapes:
        return _UNKNOWN
    longest = max(shapes, key=len)
    return longest if all(s == longest or s == () for s in shapes) else _UNKNOWN
