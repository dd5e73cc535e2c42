"""What the two branches of a tensor ``if`` leave nested in a variable, checked as TF 2.21's AutoGraph checks it.

Before it compares dtypes (branch_outputs.py), AutoGraph's _verify_tf_cond_vars asserts that each output
nests alike in both branches: ``if x > 0: d = (x, x)`` / ``else: d = x`` is TypeError "'d' must have the
same nested structure in the main and else branches:\n\nThe two structures don't have the same nested
structure. ..." in nest's words, over the values as the trace has them (a tensor as its graph tensor,
type SymbolicTensor). tapeflow runs the taken branch only: branch_outputs.refusal_at asks here at the test
with each branch's assignment (or the name's value from before the ``if``), where it is made of
constants, names and tuples / lists / dicts of them; anything else is not checked.
"""
import ast

_UNKNOWN = object()


def refusal(name, main, other, names):
    """TF's TypeError where the branches leave ``name`` nested otherwise (``d = (x, x)`` / ``d = x``), in nest's
    words over the values as the trace has them; None where they nest alike or a value is not known here."""
    values = [_structure(expression, names) for expression in (main, other)]
    if any(value is _UNKNOWN for value in values):
        return None
    from .nest_compare import assert_same_structure     # (late: it imports nest, which imports tensor)
    try:
        assert_same_structure(values[0], values[1])
    except (ValueError, TypeError) as error:
        return TypeError("'%s' must have the same nested structure in the main and else branches:\n\n%s"
                         % (name, error))
    return None


def _structure(node, names):
    """The value a branch expression of constants, names and tuples / lists / dicts of them makes (a tensor
    shown as the trace's SymbolicTensor), or _UNKNOWN."""
    if isinstance(node, (ast.Tuple, ast.List)):
        parts = [_structure(n, names) for n in node.elts]
        return _UNKNOWN if any(p is _UNKNOWN for p in parts) else tuple(parts) if isinstance(node, ast.Tuple) else parts
    if isinstance(node, ast.Dict):
        if not all(isinstance(k, ast.Constant) for k in node.keys):
            return _UNKNOWN
        parts = [_structure(v, names) for v in node.values]
        return _UNKNOWN if any(p is _UNKNOWN for p in parts) else {k.value: p for k, p in zip(node.keys, parts)}
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return _shown(names.get(node.id, _UNKNOWN))
    return _UNKNOWN


def _shown(value):
    """A name's value for _structure: numbers and None as they are, tensors shown, in plain tuples, lists and
    dicts; else _UNKNOWN."""
    if value is None or type(value) in (bool, int, float):
        return value
    if type(value) in (tuple, list):
        parts = [_shown(v) for v in value]
        return _UNKNOWN if any(p is _UNKNOWN for p in parts) else type(value)(parts)
    if type(value) is dict:
        parts = {k: _shown(v) for k, v in value.items()}
        return _UNKNOWN if any(p is _UNKNOWN for p in parts.values()) else parts
    return _SymbolicTensor(value) if _is_tensor(value) else _UNKNOWN


def shown_traced(value):
    """``value`` with its tensors shown as the trace's graph tensors (nest's messages name their type
    SymbolicTensor), its tuples, lists and dicts rebuilt around them, anything else as it is."""
    if type(value) in (tuple, list):
        return type(value)(shown_traced(v) for v in value)
    if type(value) is dict:
        return {k: shown_traced(v) for k, v in value.items()}
    return _SymbolicTensor(value) if _is_tensor(value) else value


class _SymbolicTensor:
    """A traced tensor in nest's messages (its type named as TF's graph tensor's)."""

    def __init__(self, tensor):
        self.tensor = tensor

    def __str__(self):
        return str(self.tensor)

    def __repr__(self):
        return repr(self.tensor)


_SymbolicTensor.__name__ = 'SymbolicTensor'


def _is_tensor(value):
    from .tensor import Tensor      # (late: tensor's truth test leads here)
    from .variable import Variable
    return isinstance(value, (Tensor, Variable))
